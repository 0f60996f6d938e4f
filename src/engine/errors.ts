// Errors the engine's callers tell apart (the CLI and the mail layer turn them into clear replies).

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
