// A game's verification (verifyGame, audit.ts) read on the async handle: the hash chain checked
// there, the stream, the game's hidden-draw secret and its stored data pack (a check always loads
// the pack again) read there, and the re-fold that must
// reproduce every recorded result run on what was read. A chain found broken is checked again the
// synchronous way, which names the rows around the break.
import type { AsyncDatabase } from '../log/async/database.ts'
import { AsyncEventStore } from '../log/async/store.ts'
import { verifyStreamAsync } from '../log/verify.ts'
import { type GameVerification, verifyGame } from './audit.ts'
import { gameStream } from './events.ts'
import { foldGame } from './fold.ts'
import type { Judge } from './judge.ts'
import { hiddenSecretAhead, withPackAhead } from './secretsAhead.ts'

/** As verifyGame, read on `jobs`. */
export async function verifyGameAhead(jobs: AsyncDatabase, judge: Judge, game: string): Promise<GameVerification> {
  const stream = gameStream(game)
  const chain = await verifyStreamAsync(jobs, stream)
  if (!chain.ok) return verifyGame(judge.o.db, judge, game)
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
