import { describe, expect, test } from 'bun:test'
import { ALPHABETS, BOARD, boardFromLetters } from '../../../engine/index.ts'
import {
  buildDictionary,
  fairBoardRule,
  generateBoard,
  isFair,
  openingFacts,
  openingsRule,
  openingValues,
} from '../../../engine/server.ts'

const LIST = ['red', 'reds', 'cat', 'cats', 'care', 'cared', 'trade', 'traded', 'dare', 'mix', 'ran', 'earn']
const dict = buildDictionary(LIST, ALPHABETS.en.letters)

// Row 3 mirrors row 1 and row 4 mirrors row 0: each side opens with the same words.
const MIRRORED = [...'catso', ...'redan', ...'mixup', ...'redan', ...'catso']
// Side 1's half has no vowel: it can open with nothing.
const LOPSIDED = [...'catso', ...'redan', ...'mixup', ...'qzqzq', ...'qzqzq']

describe('fair boards', () => {
  test('a mirrored board has equal opening values and passes', () => {
    const board = boardFromLetters(MIRRORED, 5)
    const [a, b] = openingValues(board, dict)
    expect(a).toBe(b)
    expect(openingFacts(board, 0, dict).words).toBe(openingFacts(board, 1, dict).words)
    expect(fairBoardRule(dict, BOARD.fairMargin, 1)(board)).toBe(true)
  })

  test('a board where one side opens far better is refused, though it passes the openings rule alone', () => {
    const board = boardFromLetters(LOPSIDED, 5)
    expect(openingFacts(board, 1, dict).words).toBe(0)
    expect(fairBoardRule(dict, BOARD.fairMargin, 0)(board)).toBe(false)
    expect(openingsRule(dict, 0)(board)).toBe(true)
  })

  test('the margin is inclusive and symmetric', () => {
    expect(isFair([4, 4 + BOARD.fairMargin])).toBe(true)
    expect(isFair([4 + BOARD.fairMargin, 4])).toBe(true)
    expect(isFair([4, 4 + BOARD.fairMargin + 0.01])).toBe(false)
    // Recorded values are hundredths: a difference of exactly the margin is fair in floating point too.
    expect(isFair([1, 1.3], 0.3)).toBe(true)
    expect(isFair([2.71, 2.41], 0.3)).toBe(true)
  })

  test('a seed still gives one board, and the board kept is within the margin', () => {
    const words = [
      ...LIST,
      'ate',
      'tea',
      'eat',
      'net',
      'ten',
      'tan',
      'ant',
      'art',
      'rat',
      'tar',
      'ear',
      'era',
    ]
    const d = buildDictionary(words, ALPHABETS.en.letters)
    const accept = fairBoardRule(d, BOARD.fairMargin, 1)
    const a = generateBoard({ size: 5, lang: 'en', boardType: 'easy', seed: 11, accept })
    const b = generateBoard({ size: 5, lang: 'en', boardType: 'easy', seed: 11, accept })
    expect(a.accepted).toBe(true)
    expect(b.board).toEqual(a.board)
    expect(isFair(openingValues(a.board, d))).toBe(true)
  })
})
