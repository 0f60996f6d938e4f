// A game's verification (verifyGame, audit.ts) read on the async handle: the hash chain checked
// there, the stream, the game's hidden-draw secret and its stored data pack (a check always loads
// the pack again) read there, and the re-fold that must reproduce every recorded result run on what
// was read. A chain found broken is named there too: the bad row's position, or for a deleted row
// the positions of the rows around the break (locateAhead).
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore } from '../log/async/store.ts'
import { verifyStreamAsync } from '../log/verify.ts'
import { positionsAroundAsync } from '../log/repos/events.ts'
import { type GameVerification, placeOf } from './audit.ts'
import { gameStream } from './events.ts'
import { foldGame } from './fold.ts'
import type { Judge } from './judge.ts'
import { hiddenSecretAhead, withPackAhead } from './secretsAhead.ts'

/** As verifyGame, read on `jobs`. */
export async function verifyGameAhead(jobs: AsyncDatabase, judge: Judge, game: string): Promise<GameVerification> {
  const stream = gameStream(game)
  const chain = await verifyStreamAsync(jobs, stream)
  if (!chain.ok) {
    const at = await locateAhead(jobs, stream, chain.position, chain.version)
    return { ok: false, events: 0, problems: [`hash chain broken at ${at}: ${chain.reason}`] }
  }
  let problems: string[]
  try {
    const events = await new AsyncEventStore(jobs, judge.o.store.schemas, judge.o.clock).read(stream)
    if (!events.length) throw new Error(`no game "${game}"`)
    const secrets = await withPackAhead(jobs, await hiddenSecretAhead(jobs, judge.secrets, game), events[0]!)
    const fold = foldGame(events, judge.registry, secrets, { check: true })
    problems = fold.drift.map((d) => `resolution ${d.point} at position ${d.position}: ${d.reason}`)
  } catch (e) {
    problems = [`the game no longer re-folds: ${(e as Error).message}`]
  }
  return { ok: problems.length === 0, events: chain.events, problems }
}

/** As locate (audit.ts), on `jobs`: where a bad row of `stream` is, or the rows around a deleted one. */
export async function locateAhead(
  jobs: AsyncDatabase,
  stream: string,
  position: number | null,
  version: number,
): Promise<string> {
  return placeOf(position, version, position === null ? await positionsAroundAsync(jobs, stream, version) : null)
}
