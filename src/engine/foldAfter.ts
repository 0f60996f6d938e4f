// A game's fold as it stood just after one of its resolutions: what a report made again, a
// history page or a game page of that resolution is drawn from.
import { gameStream } from './events.ts'
import { foldGame, type GameFold } from './fold.ts'
import type { JudgeContext } from './judgeContext.ts'

/** The events appended with a result (the next commitment and deadline, or the end) belong with it. */
const RESULT_COMPANIONS = new Set(['DiceCommitted', 'DeadlineSet', 'HiddenDrawRevealed', 'GameFinished'])

/** The fold just after resolution `point`, with the results in force; null when there is none. */
export function foldAfter(
  j: Pick<JudgeContext, 'o' | 'registry' | 'secrets'>,
  game: string,
  point: number,
): GameFold | null {
  const events = j.o.store.read(gameStream(game))
  if (events.some((e) => e.type === 'TurnReadjudicated')) {
    // Results re-adjudicated later live inside the correction: take the state the results in force left.
    const fold = foldGame(events, j.registry, j.secrets)
    const upTo = fold.adjudications.filter((a) => a.data.point <= point)
    if (!upTo.some((a) => a.data.point === point)) return null
    const last = upTo.at(-1)!.data
    return {
      ...fold,
      adjudications: upTo,
      state: fold.statesBefore.get(point + 1) ?? fold.state,
      finished: last.finished,
      point: point + 1,
      commitment: null,
      deadline: null,
    }
  }
  const at = events.findIndex((e) => e.type === 'TurnAdjudicated' && e.data.point === point)
  if (at < 0) return null
  let end = at + 1
  while (end < events.length && RESULT_COMPANIONS.has(events[end]!.type)) end++
  return foldGame(events.slice(0, end), j.registry, j.secrets)
}
