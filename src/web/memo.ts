// What the pages keep between requests, so a reader paging through a long campaign (and several
// readers of one resolution) do not fold the game again for every page, JSON and picture: the game
// after each resolution, shared by all readers, and each reader's view of it. An entry is keyed by
// the result in force for its resolution (its event's position, and how many results a
// re-adjudication replaced), so a correction is shown at once; the oldest entries go first.
import type { Viewer } from '../games/contract.ts'
import type { GameFold } from '../engine/gameFold.ts'
import type { PageSource } from '../engine/readerSource.ts'
import { readerName, type ResolutionView, resolutionView } from './model.ts'

class Recent<T> {
  private readonly entries = new Map<string, T>()
  constructor(private readonly max: number) {}
  get(key: string, make: () => T): T {
    const hit = this.entries.get(key)
    if (hit !== undefined || this.entries.has(key)) {
      this.entries.delete(key)
      this.entries.set(key, hit as T)
      return hit as T
    }
    const value = make()
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, value)
    return value
  }
}

/** The key of resolution `point` as the game's results now stand; null when it has none. */
function resultKey(src: PageSource, game: string, point: number): string | null {
  const fold = src.load(game)
  const result = fold.adjudications.find((a) => a.data.point === point)
  return result ? `${game}|${point}|${result.event.position}|${fold.superseded.length}` : null
}

/** A page source that keeps the games after their resolutions, and the readers' views of them. */
export class Memo {
  readonly source: PageSource
  private readonly folds = new Recent<GameFold | null>(24)
  private readonly views = new Recent<ResolutionView | null>(64)

  constructor(src: PageSource) {
    const folds = this.folds
    // Every call but loadAfter goes straight to the judge.
    this.source = {
      get templates() {
        return src.templates
      },
      get judgeAddress() {
        return src.judgeAddress
      },
      get mail() {
        return src.mail
      },
      hasGame: (game) => src.hasGame(game),
      load: (game) => src.load(game),
      loadAfter: (game, point) => {
        const key = resultKey(src, game, point)
        return key === null ? null : folds.get(key, () => src.loadAfter(game, point))
      },
      reportModel: (fold, viewer, adjudication) => src.reportModel(fold, viewer, adjudication),
      keyScrubber: (game) => src.keyScrubber(game),
      storedPack: (hash) => src.storedPack(hash),
      games: () => src.games(),
      viewerOfToken: (game, token) => src.viewerOfToken(game, token),
    }
  }

  view(game: string, viewer: Viewer, point: number): ResolutionView | null {
    const key = resultKey(this.source, game, point)
    if (key === null) return null
    return this.views.get(`${key}|${readerName(viewer)}`, () => resolutionView(this.source, game, viewer, point))
  }
}

const memos = new WeakMap<PageSource, Memo>()

export function memoOf(src: PageSource): Memo {
  let memo = memos.get(src)
  if (!memo) memos.set(src, (memo = new Memo(src)))
  return memo
}
