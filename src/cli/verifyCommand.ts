// `pbem verify [game] | --all`: read on the judge's async handle. Each game is checked with
// verifyGameAhead (a chain found broken named there by its bad row, or the rows around a deleted
// one), the server secret against the log with the server stream and the stored
// secret read there; --all also checks the chains of the streams that are not games and holds the
// clock rows to the log, then writes them again in one batch (checkClockAhead).
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'
import { fail } from './options.ts'

type Deps = typeof DepsModule

/** The check's lines, given to `print`; true when something failed (exit code 1). */
export async function verifyCommand(
  app: App,
  target: { game?: string; all?: boolean },
  data: string,
  d: () => Deps,
  print: (line: string) => void,
): Promise<boolean> {
  const here = await d().gamesAhead(app.judge, app.jobsDb)
  const games = target.all ? here : target.game ? [target.game] : fail('name a game or use --all')
  const unknown = games.filter((id) => !here.includes(id))
  if (unknown.length) fail(`no game "${unknown[0]}" in ${data} (games here: ${here.join(', ') || 'none'})`)
  let bad = 0
  for (const id of games) {
    const v = await d().verifyGameAhead(app.jobsDb, app.judge, id)
    if (v.ok) print(`${id}: OK (${v.events} events, chain intact, every result re-folds)`)
    else {
      bad++
      print(`${id}: FAILED`)
      for (const p of v.problems) print(`  ${p}`)
    }
  }
  // Every key was derived from the server secret: a swapped or lost one changes them all.
  const secret = await d().checkServerSecretAhead(app.db, app.jobsDb, d().streamAhead(app.judge, app.jobsDb))
  if (secret.ok) print(`server secret: OK (${secret.text})`)
  else {
    bad++
    print(`server secret: FAILED: ${secret.text}`)
  }
  if (target.all) bad += await verifyTheRest(app, d, print)
  return bad > 0
}

/** --all: the chains of the streams that are not games, and the clock read model; how many failed. */
async function verifyTheRest(app: App, d: () => Deps, print: (line: string) => void): Promise<number> {
  let bad = 0
  // Streams that are not games (mail intake, operator actions) have hash chains too.
  const chains = await d().verifyAllAsync(app.jobsDb)
  for (const f of chains.failures.filter((x) => !x.stream.startsWith('game:'))) {
    bad++
    print(`${f.stream}: FAILED at ${await d().locateAhead(app.jobsDb, f.stream, f.position, f.version)}: ${f.reason}`)
  }
  // The clock read model is checked against the log, then written again from it.
  const clock = await d().checkClockAhead(app.jobsDb, app.judge, { rebuild: true })
  for (const m of clock.mismatched) {
    bad++
    print(`clock of ${m.game}: FAILED: the table said ${JSON.stringify(m.row)}, the log says ${JSON.stringify(m.log)}`)
  }
  print(
    `clock read model: ${clock.mismatched.length ? 'REBUILT' : 'OK'} (${clock.games} game(s)${clock.missing.length ? `; ${clock.missing.length} row(s) written that were missing or behind their stream` : ''})`,
  )
  return bad
}
