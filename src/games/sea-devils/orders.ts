// The Sea Devils order entry for both sides, and the Confederate activity record (4.3) with
// squadrons and Semmes, checked against the position. The lines are read by the grammar declared in
// orderGrammar.ts; the Federal orders are checked in federalOrders.ts, a record's steps in
// scriptChecks.ts.
import type { Parsed } from '../contract.ts'
import { echo, type Order, parseLine, type Vocabularies } from '../kit/grammar.ts'
import { readScript, type ScriptLine } from '../../orders/script.ts'
import type { Ctx, FederalOrders, SdState } from './state.ts'

export type { FederalOrders }
import { Collector, type CsaStep, type SdCommand, policyLine, resolveShip } from './orderWords.ts'
import { CONFEDERATE_GRAMMAR, seaDevilsVocabularies, stepOrder, stepsOf } from './orderGrammar.ts'
import { parseFederal } from './federalOrders.ts'
import { refitWarning } from './warnings.ts'
import { checkScript, checkSquadronScript, forcedRepairTurn, type RecordTally } from './scriptChecks.ts'

export function parseSeaDevilsOrders(state: SdState, ctx: Ctx, role: string, text: string): Parsed<SdCommand> {
  const script = readScript(text)
  const out = new Collector()
  const commands: SdCommand[] = []
  if (state.stage === 'finished') {
    return {
      commands,
      normalised: [],
      errors: [{ line: 0, text: '', message: 'the game is over; no more orders are taken' }],
      warnings: [],
    }
  }
  if (role === 'confederate') parseConfederate(state, ctx, script.lines, out, commands)
  else if (role === 'federal') parseFederal(state, ctx, script.lines, out, commands)
  else out.errors.push({ line: 0, text: '', message: `unknown role ${role}` })
  return { commands, normalised: out.normalised, errors: out.errors, warnings: out.warnings }
}

// ---------------------------------------------------------------- Confederate activity record (4.3)

/** The lines gathered so far from one Confederate record: each ship's or squadron's steps, in order. */
interface RecordDraft {
  scripts: Map<string, CsaStep[]>
  scriptLines: Map<string, ScriptLine[]>
  /** 4.52: squadrons declared in this record, by id. */
  squadrons: Map<string, { members: string[]; line: ScriptLine }>
  lastShip: string | null
  vocabs: Vocabularies
}

function parseConfederate(state: SdState, ctx: Ctx, lines: ScriptLine[], out: Collector, commands: SdCommand[]) {
  if (state.stage === 'federal-orders' || state.stage === 'opening') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: the Federal placement is not yet fixed; the activity record opens once the Federal deployment is published (3.0 step 2)`,
    })
    return
  }
  const squadrons = new Map<string, { members: string[]; line: ScriptLine }>()
  const vocabs = seaDevilsVocabularies(ctx, () => [...squadrons.keys()])
  const draft: RecordDraft = { scripts: new Map(), scriptLines: new Map(), squadrons, lastShip: null, vocabs }
  for (const l of lines) confederateLine(state, ctx, l, draft, out, commands)
  refitWarnings(state, ctx, draft, out)
  emitScripts(state, ctx, draft, out, commands)
}

function confederateLine(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  draft: RecordDraft,
  out: Collector,
  commands: SdCommand[],
): void {
  const read = parseLine(CONFEDERATE_GRAMMAR, draft.vocabs, l.text)
  if (!read.ok) return out.error(l, read.error.message, read.error.suggestion)
  const { form, args } = read.order
  if (form === 'policy') return policyLine(l, args.policy as string, out, commands)
  if (form === 'squadron') return squadronLine(state, ctx, l, read.order, draft, out)
  if (form === 'semmes-transfer' || form === 'semmes-place')
    return semmesLine(state, l, args.ship as string | undefined, out, commands)
  const who = args.ship as string
  const steps = stepsOf(args.activities as Order[], l.line)
  if (draft.squadrons.has(who)) return squadronActivityLine(l, who, steps, draft, out)
  if (!scriptableShip(state, ctx, l, who, draft, out)) return
  if (draft.scripts.has(who) && draft.lastShip !== who)
    return out.error(
      l,
      `lines for ${who} must sit together: the order of the ship blocks is the order of execution (4.12)`,
    )
  if (!draft.scripts.has(who)) {
    draft.scripts.set(who, [])
    draft.scriptLines.set(who, [])
  }
  draft.lastShip = who
  draft.scripts.get(who)!.push(...steps)
  draft.scriptLines.get(who)!.push(l)
}

/** `SQUADRON <id> = <ships>`, with the squadron's activities after a colon as the echo writes them. */
function squadronLine(state: SdState, ctx: Ctx, l: ScriptLine, order: Order, draft: RecordDraft, out: Collector): void {
  const sq = checkSquadron(state, ctx, l, order, draft.squadrons, draft.scripts, out)
  if (!sq) return
  const activities = order.args.activities as Order[] | undefined
  draft.squadrons.set(sq.id, { members: sq.members, line: l })
  draft.scripts.set(sq.id, activities ? stepsOf(activities, l.line) : [])
  draft.scriptLines.set(sq.id, [l])
  draft.lastShip = sq.id
}

function squadronActivityLine(
  l: ScriptLine,
  squadronId: string,
  steps: CsaStep[],
  draft: RecordDraft,
  out: Collector,
): void {
  if (draft.lastShip !== squadronId)
    return out.error(
      l,
      `lines for squadron ${squadronId} must follow its SQUADRON line: the order of the blocks is the order of execution (4.12)`,
    )
  draft.scripts.get(squadronId)!.push(...steps)
  draft.scriptLines.get(squadronId)!.push(l)
}

/** Whether the Confederate ship a line names may be scripted alone this turn; else the reason, as an error. */
function scriptableShip(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  ship: string,
  draft: RecordDraft,
  out: Collector,
): boolean {
  const s = state.csa[ship]
  if (!s || s.status !== 'map') {
    out.error(l, `${ship} is not on the map (${s ? s.status : 'not yet arrived'})`)
    return false
  }
  if (forcedRepairTurn(state, ctx, ship)) {
    out.error(
      l,
      `${ship} makes its forced move to ${s.area} and repairs there for the rest of GT${state.turn} (10.52); it takes no orders this turn`,
    )
    return false
  }
  const inSquadron = [...draft.squadrons].find(([, q]) => q.members.includes(ship))
  if (inSquadron) {
    out.error(l, `${ship} sails in squadron ${inSquadron[0]} this turn; script the squadron, not its ships (4.52)`)
    return false
  }
  return true
}

/** 11.3: the refit period running out, for every ship, scripted or not. */
function refitWarnings(state: SdState, ctx: Ctx, draft: RecordDraft, out: Collector): void {
  for (const s of Object.values(state.csa)) {
    const w = s.status === 'map' ? refitWarning(state, ctx, s.id) : null
    const l = draft.scriptLines.get(s.id)?.[0]
    if (w) out.warn({ line: l?.line ?? 0, text: l?.text ?? '' }, `WARNING: ${w}`)
  }
}

/** Checks each gathered script and files those that pass, echoed in the form the parser reads back. */
function emitScripts(state: SdState, ctx: Ctx, draft: RecordDraft, out: Collector, commands: SdCommand[]): void {
  const record: RecordTally = { neutralCommissions: 0 }
  for (const [ship, steps] of draft.scripts) {
    const sq = draft.squadrons.get(ship)
    const lines = draft.scriptLines.get(ship)!
    const activities = steps.map(stepOrder)
    if (sq) {
      if (checkSquadronScript(state, ctx, ship, sq.members, steps, lines, out)) {
        commands.push({ kind: 'script', ship, steps, members: sq.members })
        const line = echo(CONFEDERATE_GRAMMAR, {
          form: 'squadron',
          args: { id: ship, members: sq.members, activities },
        })
        out.normalised.push(steps.length ? line : `${line} (it stays)`)
      }
      continue
    }
    if (checkScript(state, ctx, ship, steps, lines, out, record)) {
      commands.push({ kind: 'script', ship, steps })
      out.normalised.push(
        `${echo(CONFEDERATE_GRAMMAR, { form: 'record', args: { ship, activities } })}${ctx.ship(ship).stonewall ? ' (record phase, before the Federal movement: 11.61)' : ''}`,
      )
    }
  }
}

/**
 * `SQUADRON <id> = <ship>,<ship>... [: <activities>]` (4.52): ships at sea together, none scripted
 * alone this turn.
 */
function checkSquadron(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  order: Order,
  squadrons: Map<string, { members: string[] }>,
  scripts: Map<string, CsaStep[]>,
  out: Collector,
): { id: string; members: string[] } | null {
  const id = order.args.id as string
  if (resolveShip(ctx, id, 'CSA') || resolveShip(ctx, id, 'USA') || id === 'SEMMES' || id === 'ALL') {
    out.error(l, `${id} names a ship; give the squadron another name (e.g. SQ1)`)
    return null
  }
  if (squadrons.has(id)) {
    out.error(l, `squadron ${id} is already formed`)
    return null
  }
  const members = [...new Set(order.args.members as string[])]
  if (members.length < 2) {
    out.error(l, 'a squadron needs at least two ships (4.52)')
    return null
  }
  const area = state.csa[members[0]!]?.area
  for (const ship of members) {
    const why = whyNotSquadronMember(state, ctx, ship, area, members[0]!, squadrons, scripts)
    if (why) {
      out.error(l, `${ship} cannot join squadron ${id}: it ${why} (4.52)`)
      return null
    }
  }
  return { id, members }
}

function whyNotSquadronMember(
  state: SdState,
  ctx: Ctx,
  ship: string,
  area: string | null | undefined,
  first: string,
  squadrons: Map<string, { members: string[] }>,
  scripts: Map<string, CsaStep[]>,
): string | null {
  const s = state.csa[ship]
  if (!s || s.status !== 'map') return 'is not on the map'
  if (scripts.has(ship)) return 'already has its own lines this turn (a ship moves once: 4.12)'
  if ([...squadrons.values()].some((q) => q.members.includes(ship))) return 'is already in another squadron'
  if (s.port !== null) return 'is in port (ruling R-SQ: squadrons form at sea)'
  if (s.area !== area) return `is not in ${area} with ${first}`
  if (ctx.ship(ship).stonewall) return 'moves in the record phase (11.61)'
  if (forcedRepairTurn(state, ctx, ship)) return 'is under its forced repair (10.52)'
  return null
}

/** `SEMMES: TRANSFER` or `SEMMES: PLACE <ship>` (11.72). */
function semmesLine(state: SdState, l: ScriptLine, place: string | undefined, out: Collector, commands: SdCommand[]) {
  if (state.semmes.removed) return out.error(l, 'Semmes has left the game (11.73)')
  if (place === undefined) {
    const on = state.semmes.ship
    if (!on) return out.error(l, 'Semmes is not on a ship')
    if (state.csa[on]?.port === null) return out.error(l, `Semmes may leave ${on} only while it is in port (11.72)`)
    commands.push({ kind: 'semmes', action: 'TRANSFER', line: l.line })
    out.normalised.push(
      `${echo(CONFEDERATE_GRAMMAR, { form: 'semmes-transfer', args: {} })} (to the turn track; placed next turn)`,
    )
    return
  }
  commands.push({ kind: 'semmes', action: 'PLACE', ship: place, line: l.line })
  out.normalised.push(
    `${echo(CONFEDERATE_GRAMMAR, { form: 'semmes-place', args: { ship: place } })} (applied when Semmes comes off the track, if ${place} is then in port)`,
  )
}
