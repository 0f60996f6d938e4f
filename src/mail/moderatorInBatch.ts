// Which moderator mails the intake files in the mail's one batch on the async store. A command
// whose writes are only the game's events (checked against the game as the batch holds it) and
// letters runs there on the planning judge (src/engine/planningJudge.ts), as the players' commands
// do: the reads, the schedule's changes, pausing and resuming, moving the deadline, absences. The
// rest write beyond what a filing batch gathers, so the mail carrying one is filed the synchronous
// way, under the game's lock: PROCESS and PREVIEW resolve (the dice secret drawn for the next
// point, the resolution's reports; PREVIEW's letters are not the game's), REPLACE and EJECT issue
// a seat's key or hand a seat to the house.
import { readScript } from '../orders/script.ts'
import { MODERATOR_COMMANDS } from './moderator.ts'

/** The moderator's commands a filing batch gathers all the writes of. */
const GATHERED = new Set(['HELP', 'STATUS', 'PAUSE', 'RESUME', 'EXTEND', 'DEADLINE', 'ABSENCE', 'SCHEDULE', 'SET'])
const KNOWN = new Set<string>(MODERATOR_COMMANDS)

/**
 * Whether a moderator's mail `body` may be filed in the mail's batch: each of its lines is a command
 * the batch gathers, or no command at all (answered as such, a letter).
 */
export function moderatorInBatch(body: string): boolean {
  return readScript(body).lines.every((l) => GATHERED.has(l.words[0] ?? '') || !KNOWN.has(l.words[0] ?? ''))
}
