/** Milliseconds since the epoch. The app reads time only through this, so tests can move it. */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()
