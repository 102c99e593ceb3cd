/**
 * SVG to PNG with resvg (@resvg/resvg-js, a native addon Bun loads and embeds in the compiled
 * binary). The font comes with the server (DejaVu Sans Bold, `dejavu-fonts-ttf`, embedded too), never
 * from the system, so the card looks the same on any host and covers Latin and Cyrillic.
 */
import { readFileSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'
import fontFile from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' with { type: 'file' }

let font: Buffer | null = null

// resvg-js 2.6 reads `fontBuffers` but its type declarations do not list it. Buffers, not
// `fontFiles`: inside the compiled binary the font's path is virtual, the addon cannot open it.
type FontOptions = NonNullable<ConstructorParameters<typeof Resvg>[1]>['font'] & { fontBuffers: Buffer[] }

export function svgToPng(svg: string): Uint8Array<ArrayBuffer> {
  font ??= readFileSync(fontFile)
  const options: FontOptions = {
    fontBuffers: [font],
    loadSystemFonts: false,
    defaultFontFamily: 'DejaVu Sans',
  }
  return new Uint8Array(new Resvg(svg, { font: options }).render().asPng())
}
