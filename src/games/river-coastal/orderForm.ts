// The order form mailed with each report: one pre-filled line per ship (her present speed), with the
// legal speeds, the most she can turn, her guns and turrets as a comment, and the side's standing
// orders and each ship's directive (digest §4.4), then each order form with an example, from the
// declared grammar; before move 1, the deployment lines of a hidden side.
import { sideContext } from './orderContext.ts'
import { formComments, syntax } from '../kit/grammar.ts'
import { CLAUSE_FORMS } from './clauseGrammar.ts'
import { RIVER_GRAMMAR } from './orderGrammar.ts'
import { speedRange } from './orderWords.ts'
import type { RiverPack } from './pack.ts'
import type { Side } from './scenario.ts'
import type { RiverState } from './state.ts'
import { maxTurnDegrees } from './turning.ts'
import { showInches } from './units.ts'
import { scenarioOf } from './tableLayout.ts'
import { fireShipNote } from './fireShipClauses.ts'
import { buildingNote, mortarNote } from './buildings.ts'

/**
 * The order forms as the form's comments show them: a form that names ships by its syntax alone
 * (the examples name one scenario's ships, which may be the enemy's; the pre-filled lines are hers).
 */
const FORM_GRAMMAR = {
  ...RIVER_GRAMMAR,
  forms: RIVER_GRAMMAR.forms.map((f) => (f.parts.some((p) => p.kind === 'id') ? { ...f, example: syntax(f) } : f)),
}

/** `only`: the ships of one captain, when a side has several (ruling RC-92); the rest are his colleagues'. */
export function orderForm(state: RiverState, side: Side, pack: RiverPack, only?: readonly string[]): string[] {
  const ours = (id: string) => !only || only.includes(id)
  if (state.finished) return []
  const sc = scenarioOf(state, pack)
  if (state.phase === 'deployment') {
    if (!sc.hiddenDeployment.some((h) => h.side === side)) return []
    return Object.values(state.ships)
      .filter((s) => s.side === side && ours(s.id))
      .map(
        (s) =>
          `${s.id}: AT ${s.pose.pos.x / 1000},${s.pose.pos.y / 1000} HEADING ${s.pose.heading / 100} SPEED ${s.speed}`,
      )
  }
  if (state.phase !== 'moves') return []
  const ctx = sideContext(state, side, sc, pack)
  const lines: string[] = [
    `# Move ${state.move}: one line per ship; a ship with no line (or no SPEED, HOLD or TURN) follows her directive, or holds her speed and heading`,
  ]
  for (const s of ctx.own) {
    if (s.id in state.exited || !ours(s.id)) continue
    const r = speedRange(s, ctx)
    const fastest = Math.max(Math.abs(r.lo), Math.abs(r.hi))
    const turrets = s.turrets.map((t) => `turret ${t.id} faces ${t.facing}`).join(', ')
    lines.push(
      `# ${s.name}: speed ${r.lo}..${r.hi}; radius ${showInches(s.turningRadius)}", at most ${maxTurnDegrees(fastest * 1000, s.turningRadius)} degrees at speed ${fastest}; guns ${s.guns.map((g) => g.id).join(' ') || 'none'}${turrets ? `; ${turrets}` : ''}${s.anchored ? '; at anchor' : ''}${s.lockedBy ? `; Stubborn, out of ${s.lockedBy}'s sight: ${s.directive ? 'keeps to her directive' : 'holds speed and heading'}` : ''}`,
    )
    if (s.directive)
      lines.push(`# directive: ${s.directive}${s.needsSignal ? ` (${s.needsSignal}: change it by FLEET SIGNAL)` : ''}`)
    const note = fireShipNote(s)
    if (note) lines.push(note)
    if (s.hasMortars) lines.push(mortarNote(sc, side))
    lines.push(`${s.id}: SPEED ${s.speed}`)
  }
  lines.push(...buildingNote(state, sc, side))
  for (const p of state.policies[side]) lines.push(`# standing: ${p.text}`)
  lines.push(...formComments(FORM_GRAMMAR), `# orders: ${CLAUSE_FORMS.map((f) => f.words.join(' ')).join(', ')}`)
  return lines
}
