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

/**
 * The games after their resolutions, and the readers' views of them, kept across requests. Each
 * call names the source it reads: the judge itself, or a reading judge of one request whose reads
 * were made ahead on the async handle (src/engine/readingJudge.ts), so what one request made serves
 * the next whichever way it was read.
 */
export class Memo {
  private readonly folds = new Recent<GameFold | null>(24)
  private readonly views = new Recent<ResolutionView | null>(64)

  /** `src` answering loadAfter from the games kept here; every other call goes straight to it. */
  source(src: PageSource): PageSource {
    const folds = this.folds
    return {
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

  view(src: PageSource, game: string, viewer: Viewer, point: number): ResolutionView | null {
    const key = resultKey(src, game, point)
    if (key === null) return null
    return this.views.get(`${key}|${readerName(viewer)}`, () => resolutionView(this.source(src), game, viewer, point))
  }
}

const memos = new WeakMap<object, Memo>()

/** The memo kept for `owner`: the page source a server was started on. */
export function memoOf(owner: object): Memo {
  let memo = memos.get(owner)
  if (!memo) memos.set(owner, (memo = new Memo()))
  return memo
}
