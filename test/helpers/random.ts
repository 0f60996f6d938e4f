// The tests' one seeded generator (the rules never use it: they take their dice from the engine).
// Property tests draw their cases with fast-check, which prints the seed of a failing run; a test
// that needs a stream of numbers inside one case (a kill trial's moments, a random event sequence)
// takes it from here, seeded by fast-check or by a fixed number, so a failure replays exactly.

export interface SeededRandom {
  /** A number in [0, 1). */
  (): number
  /** A whole number from lo to hi, both included. */
  int(lo: number, hi: number): number
  pick<T>(xs: readonly T[]): T
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Object.assign(next, {
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  })
}
