/**
 * The sounds of SPEC.md §9, synthesised with WebAudio at play time: nothing is downloaded.
 * Each is a short list of tones (frequency, start, length, wave); volumes follow the spec where it
 * names one (win 0.51, unhidden 0.41, click 0.151).
 */
export const SOUND_NAMES = [
  'cellPress',
  'error',
  'turnOwn',
  'turnOpponent',
  'button',
  'counterClick',
  'delete',
  'chat',
  'blip',
  'win',
  'lose',
  'timer10',
  'timerAlarm',
  'unhide',
  'unhidden',
  'click',
  'open',
  'close',
  'intercom',
  'echoAffirm',
] as const
export type SoundName = (typeof SOUND_NAMES)[number]

interface Tone {
  freq: number
  at: number
  dur: number
  wave?: OscillatorType
  /** Glide to this frequency over the tone. */
  to?: number
}

interface SoundDef {
  volume: number
  tones: Tone[]
}

const t = (freq: number, at: number, dur: number, wave: OscillatorType = 'sine', to?: number): Tone => ({
  freq,
  at,
  dur,
  wave,
  to,
})

export const SOUNDS: Record<SoundName, SoundDef> = {
  cellPress: { volume: 0.25, tones: [t(660, 0, 0.05, 'triangle')] },
  error: { volume: 0.35, tones: [t(220, 0, 0.12, 'square'), t(180, 0.13, 0.18, 'square')] },
  turnOwn: { volume: 0.3, tones: [t(523, 0, 0.08), t(659, 0.08, 0.08), t(784, 0.16, 0.14)] },
  turnOpponent: { volume: 0.3, tones: [t(784, 0, 0.08), t(587, 0.09, 0.14)] },
  button: { volume: 0.2, tones: [t(880, 0, 0.04, 'triangle')] },
  counterClick: { volume: 0.2, tones: [t(1200, 0, 0.03, 'square')] },
  delete: { volume: 0.25, tones: [t(500, 0, 0.08, 'triangle', 300)] },
  chat: { volume: 0.25, tones: [t(988, 0, 0.06), t(1319, 0.07, 0.08)] },
  blip: { volume: 0.2, tones: [t(1046, 0, 0.05)] },
  win: {
    volume: 0.51,
    tones: [t(523, 0, 0.12), t(659, 0.12, 0.12), t(784, 0.24, 0.12), t(1046, 0.36, 0.35)],
  },
  lose: {
    volume: 0.4,
    tones: [t(392, 0, 0.2, 'triangle'), t(330, 0.2, 0.2, 'triangle'), t(262, 0.4, 0.4, 'triangle')],
  },
  timer10: { volume: 0.3, tones: [t(1000, 0, 0.06, 'square')] },
  timerAlarm: {
    volume: 0.35,
    tones: [t(880, 0, 0.1, 'square'), t(880, 0.15, 0.1, 'square'), t(880, 0.3, 0.1, 'square')],
  },
  unhide: { volume: 0.25, tones: [t(400, 0, 0.15, 'sine', 800)] },
  unhidden: { volume: 0.41, tones: [t(800, 0, 0.2, 'sine', 1200)] },
  click: { volume: 0.151, tones: [t(1500, 0, 0.02, 'square')] },
  open: { volume: 0.2, tones: [t(500, 0, 0.08, 'sine', 700)] },
  close: { volume: 0.2, tones: [t(700, 0, 0.08, 'sine', 500)] },
  intercom: { volume: 0.3, tones: [t(660, 0, 0.07), t(880, 0.08, 0.07), t(660, 0.16, 0.07)] },
  echoAffirm: { volume: 0.3, tones: [t(600, 0, 0.1), t(900, 0.12, 0.16)] },
}

/** SPEC.md §9: the play counter resets after 10,000. */
const COUNTER_LIMIT = 10_000

export interface SoundPlayer {
  play(name: SoundName): void
  /** How many sounds were played (resets after 10,000): tests and diagnostics read it. */
  readonly count: number
}

type AudioContextCtor = new () => AudioContext

/**
 * A browser starts audio only after the user has interacted with the page: before that a context
 * would be made (tens of milliseconds on a phone, while the page loads) to stay silent.
 */
function mayStartAudio(): boolean {
  const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation
  return activation === undefined || activation.hasBeenActive
}

/** Plays only while `enabled()` holds (the sound setting). The context starts on first use. */
export function createSoundPlayer(enabled: () => boolean, Ctor?: AudioContextCtor | null): SoundPlayer {
  let context: AudioContext | null = null
  let count = 0
  const ctor =
    Ctor === undefined
      ? typeof window === 'undefined'
        ? null
        : ((window as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor })
            .AudioContext ??
          (window as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext ??
          null)
      : Ctor
  return {
    get count() {
      return count
    },
    play(name) {
      if (!enabled()) return
      count = (count + 1) % COUNTER_LIMIT
      if (!ctor || !mayStartAudio()) return
      try {
        context ??= new ctor()
        if (context.state === 'suspended') void context.resume().catch(() => {})
        const def = SOUNDS[name]
        const start = context.currentTime + 0.01
        for (const tone of def.tones) {
          const osc = context.createOscillator()
          const gain = context.createGain()
          osc.type = tone.wave ?? 'sine'
          osc.frequency.setValueAtTime(tone.freq, start + tone.at)
          if (tone.to) osc.frequency.linearRampToValueAtTime(tone.to, start + tone.at + tone.dur)
          gain.gain.setValueAtTime(0, start + tone.at)
          gain.gain.linearRampToValueAtTime(def.volume, start + tone.at + 0.005)
          gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + tone.dur)
          osc.connect(gain).connect(context.destination)
          osc.start(start + tone.at)
          osc.stop(start + tone.at + tone.dur + 0.02)
        }
      } catch {
        // Audio is a nicety: a browser that refuses it plays nothing.
      }
    },
  }
}
