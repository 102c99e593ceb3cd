import type { ReactNode } from 'react'
import type { BadgeId } from '../../engine/index.ts'

/**
 * A badge's colour and its white glyph: most glyphs are one stroked path, kept as its `d`; the
 * others (filled, or several shapes) are drawn here.
 */
export type BadgeArt = { color: string } & ({ path: string } | { glyph: ReactNode })

/**
 * Our own badge pictures: one medal frame, a colour and a white glyph per badge, drawn on a
 * 64×64 grid (the glyph lives in about 20..44 × 22..46, the medal's face). Plain SVG, no assets.
 */
export const BADGE_ART: Record<BadgeId, BadgeArt> = {
  berserk: { color: '#b3261e', path: 'M22 24 42 44M42 24 22 44M20 38l6 6M44 38l-6 6' },
  fatality: {
    color: '#3d3d4e',
    glyph: (
      <>
        <path d="M23 33a9 9 0 1 1 18 0v4h-4v5H27v-5h-4z" fill="#fff" />
        <circle cx="28.5" cy="33" r="2.3" fill="#3d3d4e" stroke="none" />
        <circle cx="35.5" cy="33" r="2.3" fill="#3d3d4e" stroke="none" />
      </>
    ),
  },
  jackpot: { color: '#8a5a00', path: 'M24 28h16l4 5-12 13-12-13zM20 33h24M28 28l4 18 4-18' },
  richestCell: {
    color: '#6a4c93',
    glyph: (
      <>
        <rect x="21" y="23" width="22" height="22" rx="3" />
        <path d="M32 27l2.4 4.8 5.3.8-3.8 3.7.9 5.3-4.8-2.5-4.8 2.5.9-5.3-3.8-3.7 5.3-.8z" fill="#fff" />
      </>
    ),
  },
  totalAnnihilation: {
    color: '#c2410c',
    path: 'M32 20l3 8 8-4-4 8 8 3-8 3 4 8-8-4-3 8-3-8-8 4 4-8-8-3 8-3-4-8 8 4z',
  },
  totalAnnihilationFatality: {
    color: '#7f1d1d',
    glyph: (
      <>
        <path d="M32 20l3 8 8-4-4 8 8 3-8 3 4 8-8-4-3 8-3-8-8 4 4-8-8-3 8-3-4-8 8 4z" />
        <circle cx="32" cy="34" r="3.5" fill="#fff" />
      </>
    ),
  },
  invader: { color: '#1d4ed8', path: 'M24 46V22M24 23h17l-4 5 4 5H24M20 46h10' },
  revenger: { color: '#0f766e', path: 'M42 34a10 10 0 1 1-3-7.1M40 20v7h-7' },
  nackedBack: { color: '#15803d', path: 'M32 21l11 4v8c0 7-5 11-11 13-6-2-11-6-11-13v-8zM27 34l4 4 7-8' },
  longPlay: {
    color: '#4338ca',
    path: 'M24 22h16M24 46h16M26 22c0 8 12 8 12 12s-12 4-12 12M38 22c0 8-12 8-12 12s12 4 12 12',
  },
  richestGame: { color: '#a16207', path: 'M21 42h22l2-16-8 6-5-10-5 10-8-6zM21 46h22' },
  mutator: { color: '#7e22ce', path: 'M22 28h18l-4-4M42 40H24l4 4' },
  freezer: {
    color: '#0369a1',
    path: 'M32 21v26M20.7 27.5l22.6 13M20.7 40.5l22.6-13M28 22.5l4 3 4-3M28 45.5l4-3 4 3M20 32l4.5 1.5-1 4.5M44 36l-4.5-1.5 1-4.5',
  },
  striker: {
    color: '#b45309',
    glyph: <path d="M35 20l-11 15h8l-3 12 11-15h-8z" fill="#fff" />,
  },
  boosterManiac: {
    color: '#be185d',
    glyph: (
      <>
        <circle cx="32" cy="26" r="4.5" />
        <circle cx="25" cy="39" r="4.5" />
        <circle cx="39" cy="39" r="4.5" />
      </>
    ),
  },
  countdownMaster: {
    color: '#9f1239',
    path: 'M32 25a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM32 35v-5M29 21h6M32 21v4M40 26l2-2',
  },
  ascension: { color: '#0e7490', path: 'M22 36l10-10 10 10M22 45l10-10 10 10' },
  dailyChallenger: {
    color: '#166534',
    path: 'M22 25h20v19H22zM22 30h20M27 21v6M37 21v6M27 37l3.5 3.5L37 34',
  },
  champGeneral: {
    color: '#854d0e',
    glyph: (
      <path d="M32 20l3.7 7.5 8.3 1.2-6 5.8 1.4 8.3-7.4-3.9-7.4 3.9 1.4-8.3-6-5.8 8.3-1.2z" fill="#fff" />
    ),
  },
}
