// Fog-of-war checks on a River & Coastal game played through the judge, resolution by resolution:
// the letters each side was sent and its export of the log, against the narrative and hidden draws
// meant for the other side, and the ships its view does not include.
import type { App } from '../../src/cli/app.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { canSee, type Viewer } from '../../src/games/contract.ts'
import { redactedEvents } from '../../src/reports/archive.ts'
import { outboxRows } from '../helpers/app.ts'

type Mail = ReturnType<typeof outboxRows>[number]['mail'] & {
  attachments?: { filename: string; contentType: string; cid?: string }[]
}

const lettersTo = (app: App, game: string, role: string) => {
  const address = app.judge.load(game).players.get(role)!.address
  return outboxRows(app)
    .filter((r) => r.recipient === address)
    .map((r) => r.mail as Mail)
}

/** Each role's report of resolution `point`, by role. */
export function reportsAt(app: App, game: string, point: number): Record<string, Mail> {
  const out: Record<string, Mail> = {}
  for (const role of app.judge.load(game).players.keys()) {
    const mail = lettersTo(app, game, role).find((m) => m.messageId.startsWith(`report.${game}.r${point}.${role}@`))
    if (mail) out[role] = mail
  }
  return out
}

const adjudications = (app: App, game: string) =>
  app.store
    .read(`game:${game}`)
    .filter((e) => e.type === 'TurnAdjudicated')
    .map((e) => e.data as TurnAdjudicated)

/**
 * Every narrative text or hidden-draw label of a resolution that a role may not see (and was not
 * also told openly) and that shows in one of its letters or in its export; [] when none does.
 */
export function fogLeaks(app: App, game: string, roles: string[]): string[] {
  const leaks: string[] = []
  const all = adjudications(app, game)
  for (const role of roles) {
    const viewer: Viewer = { kind: 'role', role }
    const told = new Set(all.flatMap((t) => t.narrative.filter((n) => canSee(viewer, n.audience)).map((n) => n.text)))
    const letters = lettersTo(app, game, role).map((m) => `${m.subject}\n${m.text}\n${m.html ?? ''}`)
    const exported = JSON.stringify(redactedEvents(app.judge, game, viewer))
    for (const t of all) {
      const secret = [
        ...t.narrative.filter((n) => !canSee(viewer, n.audience) && !told.has(n.text)).map((n) => n.text),
        ...(t.hiddenRolls ?? []).filter((r) => !canSee(viewer, r.audience)).map((r) => r.label),
      ]
      for (const text of secret) {
        if (letters.some((l) => l.includes(text))) leaks.push(`${role} letter, resolution ${t.point}: ${text}`)
        if (exported.includes(JSON.stringify(text).slice(1, -1)))
          leaks.push(`${role} export, resolution ${t.point}: ${text}`)
      }
    }
  }
  return leaks
}

/**
 * The enemy ships out of a role's sight after each resolution that its report's situation (between
 * SITUATION and DICE) or its plot still names; [] when none.
 */
export function hiddenShipsShown(app: App, game: string, roles: string[]): string[] {
  const shown: string[] = []
  for (const t of adjudications(app, game)) {
    const fold = app.judge.loadAfter(game, t.point)!
    const state = fold.state as { ships: Record<string, { id: string; name: string }> }
    const reports = reportsAt(app, game, t.point)
    for (const role of roles) {
      const viewer: Viewer = { kind: 'role', role }
      const view = fold.ruleset.view(fold.state, viewer) as { ships: { id: string }[] }
      const seen = new Set(view.ships.map((s) => s.id))
      const hidden = Object.values(state.ships).filter((s) => !seen.has(s.id))
      const text = reports[role]?.text ?? ''
      const situation = text.slice(text.indexOf('SITUATION:'), text.indexOf('\nDICE'))
      const plot = fold.ruleset.figures?.(fold.state, viewer, [])[0]?.svg ?? ''
      for (const s of hidden) {
        if (situation.includes(` ${s.id} `) || situation.includes(s.name))
          shown.push(`${role} report ${t.point}: ${s.id}`)
        if (plot.includes(`>${s.id}<`) || plot.includes(s.name)) shown.push(`${role} plot ${t.point}: ${s.id}`)
      }
    }
  }
  return shown
}
