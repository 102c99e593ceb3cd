/**
 * The share card of a finished game as SVG (1200×630, the Open Graph image size): the final board
 * with each side's cells in its colour, the two players with their scores, and the result. Names
 * are the only free text and are escaped; everything else is the game's own data.
 */
import type { GameView, Lang } from '../../engine/index.ts'
import { escapeHtml } from '../pages/document.ts'
import { CARD_TEXTS } from './texts.ts'

export const CARD = { width: 1200, height: 630 } as const

// The game page's light theme (web/styles/theme.css).
const COLORS = {
  bg: '#f6f5f1',
  surface: '#ffffff',
  text: '#1d1d1f',
  muted: '#6b6b70',
  border: '#deddd7',
  side: ['#2f7de1', '#e8553d'],
  soft: ['#d6e6fb', '#fbdcd6'],
} as const

/** Names longer than `max` characters are cut with an ellipsis (the card has room for about that much). */
const shortName = (name: string, max: number) => {
  const chars = [...name.trim()]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('') || '?'
}

export function cardSvg(game: GameView, lang: Lang): string {
  const t = CARD_TEXTS[lang]
  const { size, cells } = game.board
  const boardPx = 530
  const gap = 6
  const cell = (boardPx - gap * (size - 1)) / size
  const x0 = 50
  const y0 = 50
  const parts: string[] = []
  parts.push(`<rect width="${CARD.width}" height="${CARD.height}" fill="${COLORS.bg}"/>`)
  for (const c of cells) {
    const x = x0 + c.col * (cell + gap)
    const y = y0 + c.row * (cell + gap)
    const owned = c.owner === 0 || c.owner === 1
    const fill = owned ? COLORS.soft[c.owner as 0 | 1] : COLORS.surface
    const stroke = owned ? COLORS.side[c.owner as 0 | 1] : COLORS.border
    parts.push(
      `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" rx="${cell * 0.14}" fill="${fill}" stroke="${stroke}" stroke-width="${owned ? 4 : 2}"/>`,
      `<text x="${x + cell / 2}" y="${y + cell * 0.68}" font-size="${cell * 0.5}" text-anchor="middle" fill="${COLORS.text}">${escapeHtml(c.letter.toUpperCase())}</text>`,
    )
  }
  const right = 640
  parts.push(`<text x="${right}" y="110" font-size="40" fill="${COLORS.muted}">${escapeHtml(t.app)}</text>`)
  game.players.forEach((p, side) => {
    const y = 230 + side * 150
    const winner = game.winner === side
    parts.push(
      `<rect x="${right}" y="${y - 70}" width="12" height="100" rx="6" fill="${COLORS.side[side]}"/>`,
      `<text x="${right + 36}" y="${y - 20}" font-size="40" fill="${COLORS.text}">${escapeHtml(shortName(p.user.name, 18))}${winner ? ' ★' : ''}</text>`,
      `<text x="${right + 36}" y="${y + 26}" font-size="34" fill="${COLORS.muted}">${escapeHtml(t.points(p.score))}</text>`,
    )
  })
  const result = game.winner === null ? t.draw : t.won(shortName(game.players[game.winner].user.name, 14))
  parts.push(`<text x="${right}" y="560" font-size="36" fill="${COLORS.text}">${escapeHtml(result)}</text>`)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" ` +
    `viewBox="0 0 ${CARD.width} ${CARD.height}" font-family="DejaVu Sans" font-weight="bold">${parts.join('')}</svg>`
  )
}
