// The judge's folds kept between calls: least recently used first out, bounded by the
// number of folds and by their size (the events they hold, which is what a fold's memory grows
// with: the parsed stream, and a state per resolution). A judge holding 10,000 games keeps only
// the few it is working on; a fold is a pure function of its stream, so dropping one costs only
// the time to fold it again.
import type { GameFold } from './gameFold.ts'

export interface FoldCacheLimits {
  /** At most this many folds (default 256). */
  folds?: number
  /** At most this many events over all kept folds (default 100,000). */
  events?: number
}

export class FoldCache {
  readonly maxFolds: number
  readonly maxEvents: number
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly kept = new Map<string, GameFold>()
  private weight = 0

  constructor(limits: FoldCacheLimits = {}) {
    this.maxFolds = limits.folds ?? 256
    this.maxEvents = limits.events ?? 100_000
  }

  get size(): number {
    return this.kept.size
  }

  /** Events held by the kept folds. */
  get events(): number {
    return this.weight
  }

  /** The kept fold of `game` if it is at `version` (else nothing, and the stale one is dropped). */
  get(game: string, version: number): GameFold | undefined {
    const fold = this.kept.get(game)
    if (!fold) return undefined
    this.drop(game)
    if (fold.version !== version) return undefined
    this.kept.set(game, fold)
    this.weight += weightOf(fold)
    return fold
  }

  /**
   * The kept fold of `game` at `version`, or an older one (left in place: the caller may advance it
   * by the events since); a newer one (of a rolled-back append) is dropped.
   */
  upTo(game: string, version: number): GameFold | undefined {
    const fold = this.kept.get(game)
    return fold && fold.version < version ? fold : this.get(game, version)
  }

  set(game: string, fold: GameFold): void {
    this.drop(game)
    const w = weightOf(fold)
    // A fold larger than the whole budget is not kept at all.
    if (w > this.maxEvents || this.maxFolds < 1) return
    this.kept.set(game, fold)
    this.weight += w
    for (const [oldest] of this.kept) {
      if (this.kept.size <= this.maxFolds && this.weight <= this.maxEvents) break
      this.drop(oldest)
    }
  }

  clear(): void {
    this.kept.clear()
    this.weight = 0
  }

  private drop(game: string): void {
    const fold = this.kept.get(game)
    if (!fold) return
    this.kept.delete(game)
    this.weight -= weightOf(fold)
  }
}

const weightOf = (fold: GameFold) => fold.events.length
