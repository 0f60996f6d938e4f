// Errors the engine's callers tell apart (the CLI and the mail layer turn them into clear replies).

/** Another writer appended to the stream first: the caller's plan is stale (retry from a fresh read). */
export { ConcurrencyError } from '../log/store.ts'

/** A moderator's guard failed: the point they meant is no longer the open one. */
export class PointMovedError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `resolution ${expected} is ${expected < actual ? 'no longer' : 'not yet'} open (the game is at resolution ${actual}); nothing was changed`,
    )
    this.name = 'PointMovedError'
  }
}
