import { initial } from './format.ts'

/** A picture, an emoji, or the name's first letter in the player's colour. */
export function Avatar({ name, src, tint }: { name: string; src: string | null; tint?: string }) {
  if (src?.startsWith('emoji:'))
    return (
      <span className="avatar avatar--emoji" aria-hidden="true">
        {src.slice('emoji:'.length)}
      </span>
    )
  return src ? (
    <img className="avatar" src={src} alt="" width={36} height={36} />
  ) : (
    <span className={`avatar avatar--letter ${tint ? `avatar--${tint}` : ''}`} aria-hidden="true">
      {initial(name)}
    </span>
  )
}
