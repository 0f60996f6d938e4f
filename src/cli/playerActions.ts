// What the moderator's `pbem player` commands that write do (rekey, replace, eject, zone, absence,
// view, revoke-view): the judge's calls run on a planning judge of the game, their writes in one
// batch on the judge's async handle (onPlanningJudge, src/engine/judgeBatch.ts), as REPLACE and EJECT
// by mail are filed. Each returns the lines the command prints and whether it failed (exit code 1);
// the calls print nothing, as they may be run again when another writer got ahead of the batch.
import type { Judge } from '../engine/judge.ts'
import { onPlanningJudge } from '../engine/judgeBatch.ts'
import { pageLink } from '../engine/viewTokens.ts'
import { webSettings } from '../web/settings.ts'
import { type App, tickJobs } from './app.ts'
import type { Outcome } from './moderatorActions.ts'

const BY = 'moderator (cli)'
const printed = (...lines: string[]): Outcome => ({ lines, failed: false })
const on = <T>(app: App, game: string, calls: (j: Judge) => T): Promise<T> =>
  onPlanningJudge(app.judge, tickJobs(app), game, calls)
const reasonOpt = (o: { reason?: string }) => (o.reason ? { reason: o.reason } : {})
const called = (r: { ok: true; message: string } | { ok: false; error: string }): Outcome =>
  r.ok ? printed(r.message) : { lines: [`not set: ${r.error}`], failed: true }

/** `pbem player rekey`: the new key, mailed to the player of record. */
export async function rekeyPlayer(app: App, g: string, role: string, reason: string): Promise<Outcome> {
  const key = await on(app, g, (j) => j.rekey(g, role, reason))
  return printed(`${g} ${role}: new key ${key} (mailed to the player of record)`)
}

/** `pbem player replace`; a house seat is mailed nothing, so no key is shown for it. */
export async function replacePlayer(
  app: App,
  g: string,
  role: string,
  address: string,
  o: { name?: string; reason?: string },
): Promise<Outcome> {
  const opts = { by: BY, ...(o.name ? { name: o.name } : {}), ...reasonOpt(o) }
  const { key } = await on(app, g, (j) => j.replacePlayer(g, role, address, opts))
  return printed(
    address.startsWith('house:')
      ? `${g} ${role}: now played by the house (${address.slice('house:'.length)})`
      : `${g} ${role}: now ${address}, key ${key} (mailed)`,
  )
}

/** `pbem player eject`. */
export async function ejectPlayer(app: App, g: string, role: string, o: { reason?: string }): Promise<Outcome> {
  await on(app, g, (j) => j.eject(g, role, { by: BY, ...reasonOpt(o) }))
  return printed(`${g} ${role}: vacant`)
}

/** `pbem player zone`. */
export async function setZone(app: App, g: string, role: string, zone: string): Promise<Outcome> {
  return called(await on(app, g, (j) => j.setPlayerZone(g, role, zone)))
}

/** `pbem player absence`: from..to inclusive, or "none" to cancel it. */
export async function setPlayerAbsence(
  app: App,
  g: string,
  role: string,
  from: string,
  to: string | undefined,
): Promise<Outcome> {
  const r = await on(app, g, (j) =>
    /^none$/i.test(from)
      ? j.cancelAbsence(g, role, { by: 'moderator' })
      : j.setAbsence(g, role, from, to ?? from, { by: 'moderator' }),
  )
  return called(r)
}

/** `pbem player view`: a reader's working page token (every player's when none is named), or a new one. */
export async function viewTokens(
  app: App,
  g: string,
  reader: string | undefined,
  o: { new?: boolean },
): Promise<Outcome> {
  const r = await on(app, g, (j) => {
    const fold = j.load(g)
    const readers = reader
      ? [reader]
      : [...fold.players.values()].filter((p) => !p.address.startsWith('house:')).map((p) => p.role)
    const issued = readers.map((r) => ({ reader: r, t: j.issueViewToken(g, r, { renew: o.new === true, by: BY }) }))
    return { issued, observers: fold.observers }
  })
  const { base } = webSettings()
  const lines = r.issued.map(({ reader: who, t }) => {
    const link = base ? `  ${pageLink(base, g, t.token)}` : ''
    return `${g} ${who}: page token ${t.token}${t.issued ? ` (new, generation ${t.generation})` : ''}${link}`
  })
  if (reader === 'observers' && !r.observers)
    lines.push(`The observers' page is off: pbem game set ${g} observers on opens it.`)
  return printed(...lines)
}

/** `pbem player revoke-view`. */
export async function revokeView(app: App, g: string, reader: string, reason: string): Promise<Outcome> {
  const done = await on(app, g, (j) => j.revokeViewToken(g, reader, { reason, by: BY }))
  return printed(done ? `${g} ${reader}: page token revoked` : `${g} ${reader}: had no working page token`)
}
