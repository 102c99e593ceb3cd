import type { BadgeId } from '../../../engine/index.ts'
import { BADGE_ART } from '../badge-art.tsx'

/**
 * A badge's picture: a medal of the badge's colour on a ribbon, its glyph, and one gold pip per
 * level reached. Level 0 (not earned yet) draws it grey. Decorative: the name is beside it.
 */
export function BadgeIcon({ id, level, size = 56 }: { id: BadgeId; level: number; size?: number }) {
  const art = BADGE_ART[id]
  const earned = level > 0
  const color = earned ? art.color : '#8a8a94'
  return (
    <svg
      className={`badge-icon ${earned ? '' : 'badge-icon--locked'}`}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      data-badge={id}
    >
      <path d="M20 2h10l6 14H26zM44 2H34l-6 14h10z" fill={earned ? '#d9a406' : '#b4b4bc'} />
      <circle cx="32" cy="34" r="26" fill={color} />
      <circle cx="32" cy="34" r="22.5" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="1.5" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {'path' in art ? <path d={art.path} /> : art.glyph}
      </g>
      {Array.from({ length: Math.min(level, 5) }, (_, i) => {
        const x = 32 + (i - (Math.min(level, 5) - 1) / 2) * 7
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: pips are positions
          <circle key={i} cx={x} cy="56" r="2.8" fill="#f5c518" stroke="#5c4400" strokeWidth="0.8" />
        )
      })}
    </svg>
  )
}
