// `pbem tick`: one pass, the same as `pbem serve` runs on its async handle (the inbox read, the
// tick with the judge's jobs, the outbox sent), dated `--now` when given.
import { fail } from './options.ts'
import { readInbox, sendOutbox, tickJobs, type App } from './app.ts'
import { serverSecretAtStart } from '../engine/secretAhead.ts'
import { lastTickAhead } from '../engine/tickMark.ts'
import { runTickYielding, tickLines } from '../schedule/tick.ts'

/** The pass, its lines given to `print` as `pbem tick` prints them; true when a game failed (exit code 1). */
export async function tickCommand(app: App, given: Date | null, print: (line: string) => void): Promise<boolean> {
  if (given) await pastTickRefused(app, given)
  await serverSecretAtStart(app.db, app.jobsDb)
  const read = await readInbox(app)
  // The pass is dated after the inbox is read: orders filed just now make their game due now (early
  // processing), not at a second pass.
  const now = given ?? app.clock()
  const report = await runTickYielding(app.judge, now, tickJobs(app))
  for (const l of tickLines(report)) print(l)
  const sent = await sendOutbox(app)
  print(
    `${read.length} mail(s) read, ${report.games.filter((g) => g.committed).length} game(s) adjudicated, ${sent} mail(s) written`,
  )
  return report.games.some((g) => g.error)
}

/** A pass dated before the last recorded one would read as decades of silence at the next real pass. */
async function pastTickRefused(app: App, now: Date): Promise<void> {
  const last = await lastTickAhead(app.jobsDb)
  if (last && now.getTime() < last.getTime())
    fail(
      `--now ${now.toISOString()} is earlier than the last recorded tick ${last.toISOString()}: the judge's clock never runs backwards`,
    )
}
