import { describe, expect, test } from 'bun:test'
import { createSoundPlayer, SOUND_NAMES, SOUNDS } from '../../web/sound/sounds.ts'

/** Records what a WebAudio context is asked to make (the browser's API, stood in for). */
function recordingContext() {
  const made: { type: string; freq: number }[] = []
  class Ctx {
    state = 'running'
    currentTime = 0
    destination = {}
    resume() {
      return Promise.resolve()
    }
    createOscillator() {
      const osc = {
        type: 'sine',
        frequency: {
          setValueAtTime: (f: number) => made.push({ type: osc.type, freq: f }),
          linearRampToValueAtTime() {},
        },
        connect: (g: unknown) => g,
        start() {},
        stop() {},
      }
      return osc
    }
    createGain() {
      return {
        gain: { setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect: (d: unknown) => d,
      }
    }
  }
  return { Ctx: Ctx as unknown as new () => AudioContext, made }
}

describe('sounds (SPEC.md §9), synthesised', () => {
  test('every sound of the spec is defined, with the volumes it names', () => {
    expect(SOUND_NAMES.length).toBe(20)
    expect(SOUNDS.win.volume).toBe(0.51)
    expect(SOUNDS.unhidden.volume).toBe(0.41)
    expect(SOUNDS.click.volume).toBe(0.151)
  })

  test('plays its tones only while the sound setting is on', () => {
    let on = false
    const { Ctx, made } = recordingContext()
    const player = createSoundPlayer(() => on, Ctx)
    player.play('error')
    expect(made).toEqual([])
    expect(player.count).toBe(0)
    on = true
    player.play('error')
    expect(made).toEqual([
      { type: 'square', freq: 220 },
      { type: 'square', freq: 180 },
    ])
    expect(player.count).toBe(1)
  })

  test('without WebAudio (server, old browser) playing is a no-op', () => {
    const player = createSoundPlayer(() => true, null)
    expect(() => player.play('win')).not.toThrow()
  })
})

describe('no audio before the user has touched the page', () => {
  test('a sound asked for while the page loads makes no audio context; after a tap it plays', () => {
    const { Ctx, made } = recordingContext()
    let contexts = 0
    const Counting = class extends (Ctx as unknown as new () => object) {
      constructor() {
        super()
        contexts++
      }
    } as unknown as new () => AudioContext
    const activation = { hasBeenActive: false }
    const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
    Object.defineProperty(globalThis, 'navigator', {
      value: { userActivation: activation },
      configurable: true,
    })
    try {
      const player = createSoundPlayer(() => true, Counting)
      player.play('echoAffirm')
      expect(contexts).toBe(0)
      expect(made).toEqual([])
      // Counted all the same (the counter is the spec's, not the speaker's).
      expect(player.count).toBe(1)
      activation.hasBeenActive = true
      player.play('blip')
      expect(contexts).toBe(1)
      expect(made).toEqual([{ type: 'sine', freq: 1046 }])
    } finally {
      if (had) Object.defineProperty(globalThis, 'navigator', had)
      else Reflect.deleteProperty(globalThis, 'navigator')
    }
  })
})
