// The Sea Devils order grammar: one entry for both sides, and the Confederate activity record (4.3)
// with squadrons and Semmes. The Federal orders are in federalOrders.ts, the shared words in
// orderWords.ts, the checks of a record in scriptChecks.ts.
import type { Parsed } from '../contract.ts'
import { closest, readScript, type ScriptLine } from '../../orders/script.ts'
import type { Ctx, FederalOrders, SdState } from './state.ts'

export type { FederalOrders }
import {
  CSA_VERBS,
  Collector,
  type CsaStep,
  type CsaVerb,
  type SdCommand,
  areaSuggestion,
  policyLine,
  resolveShip,
  shipSuggestion,
} from './orderWords.ts'
import { parseFederal } from './federalOrders.ts'
import { refitWarning } from './warnings.ts'
import { checkScript, checkSquadronScript, describeStep, forcedRepairTurn, type RecordTally } from './scriptChecks.ts'
import { retiredCode } from './nations.ts'

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
  const lines = script.lines.map(withoutEchoNote)
  if (role === 'confederate') parseConfederate(state, ctx, lines, out, commands)
  else if (role === 'federal') parseFederal(state, ctx, lines, out, commands)
  else out.errors.push({ line: 0, text: '', message: `unknown role ${role}` })
  return { commands, normalised: out.normalised, errors: out.errors, warnings: out.warnings }
}

/**
 * The acknowledgement echoes an order with a note in brackets at its end (`CSE CONN (1 of 3 CSE
 * points left in 1861)`); a player who mails the echo back means the order, so a closing bracketed
 * note is read as a comment.
 */
function withoutEchoNote(l: ScriptLine): ScriptLine {
  const m = /^(.*?\S)\s*\([^()]*\)$/.exec(l.text)
  if (!m) return l
  return { ...l, text: m[1]!, words: m[1]!.toUpperCase().split(/\s+/) }
}

// ---------------------------------------------------------------- Confederate activity record (4.3)

/** The lines gathered so far from one Confederate record: each ship's or squadron's steps, in order. */
interface RecordDraft {
  scripts: Map<string, CsaStep[]>
  scriptLines: Map<string, ScriptLine[]>
  /** 4.52: squadrons declared in this record, by id. */
  squadrons: Map<string, { members: string[]; line: ScriptLine }>
  lastShip: string | null
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
  const draft: RecordDraft = { scripts: new Map(), scriptLines: new Map(), squadrons: new Map(), lastShip: null }
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
  if (l.words[0] === 'SQUADRON') return squadronLine(state, ctx, l, draft, out)
  if (l.words[0] === 'POLICY') return policyLine(l, out, commands)
  const m = /^([^:]+):\s*(.*)$/.exec(l.text)
  if (!m) return out.error(l, 'a Confederate line reads <SHIP>: <ACTIVITY>', 'e.g. SUM: MOVE C17')
  const who = m[1]!.trim()
  const activities = m[2]!.trim()
  if (who.toUpperCase() === 'SEMMES') {
    const rest = activities.toUpperCase().split(/\s+/).filter(Boolean)
    return parseSemmes(state, ctx, l, rest, out, commands)
  }
  const squadronId = who.toUpperCase()
  if (draft.squadrons.has(squadronId)) return squadronActivityLine(ctx, l, squadronId, activities, draft, out)
  const ship = scriptableShip(state, ctx, l, who, draft, out)
  if (!ship) return
  const steps = expandActivities(ctx, l, activities, out)
  if (!steps) return
  if (draft.scripts.has(ship) && draft.lastShip !== ship)
    return out.error(
      l,
      `lines for ${ship} must sit together: the order of the ship blocks is the order of execution (4.12)`,
    )
  if (!draft.scripts.has(ship)) {
    draft.scripts.set(ship, [])
    draft.scriptLines.set(ship, [])
  }
  draft.lastShip = ship
  draft.scripts.get(ship)!.push(...steps)
  draft.scriptLines.get(ship)!.push(l)
}

/** `SQUADRON <id> = <ships>`, with the squadron's activities after a colon as the echo writes them. */
function squadronLine(state: SdState, ctx: Ctx, l: ScriptLine, draft: RecordDraft, out: Collector): void {
  const sq = parseSquadron(state, ctx, l, draft.squadrons, draft.scripts, out)
  if (!sq) return
  const steps = sq.activities === undefined ? [] : expandActivities(ctx, l, sq.activities, out)
  if (!steps) return
  draft.squadrons.set(sq.id, { members: sq.members, line: l })
  draft.scripts.set(sq.id, steps)
  draft.scriptLines.set(sq.id, [l])
  draft.lastShip = sq.id
}

function squadronActivityLine(
  ctx: Ctx,
  l: ScriptLine,
  squadronId: string,
  activities: string,
  draft: RecordDraft,
  out: Collector,
): void {
  const steps = expandActivities(ctx, l, activities, out)
  if (!steps) return
  if (draft.lastShip !== squadronId)
    return out.error(
      l,
      `lines for squadron ${squadronId} must follow its SQUADRON line: the order of the blocks is the order of execution (4.12)`,
    )
  draft.scripts.get(squadronId)!.push(...steps)
  draft.scriptLines.get(squadronId)!.push(l)
}

/** The Confederate ship a line names, if it may be scripted alone this turn; else the reason, as an error. */
function scriptableShip(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  who: string,
  draft: RecordDraft,
  out: Collector,
): string | null {
  const ship = resolveShip(ctx, who, 'CSA')
  if (!ship) {
    const isFederal = resolveShip(ctx, who, 'USA')
    out.error(
      l,
      isFederal ? `${who} is a Federal ship` : `unknown Confederate ship "${who}"`,
      shipSuggestion(ctx, who, 'CSA'),
    )
    return null
  }
  const s = state.csa[ship]
  if (!s || s.status !== 'map') {
    out.error(l, `${ship} is not on the map (${s ? s.status : 'not yet arrived'})`)
    return null
  }
  if (forcedRepairTurn(state, ctx, ship)) {
    out.error(
      l,
      `${ship} makes its forced move to ${s.area} and repairs there for the rest of GT${state.turn} (10.52); it takes no orders this turn`,
    )
    return null
  }
  const inSquadron = [...draft.squadrons].find(([, q]) => q.members.includes(ship))
  if (inSquadron) {
    out.error(l, `${ship} sails in squadron ${inSquadron[0]} this turn; script the squadron, not its ships (4.52)`)
    return null
  }
  return ship
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
    if (sq) {
      if (checkSquadronScript(state, ctx, ship, sq.members, steps, lines, out)) {
        commands.push({ kind: 'script', ship, steps, members: sq.members })
        const head = `SQUADRON ${ship} = ${sq.members.join(',')}`
        out.normalised.push(steps.length ? `${head}: ${steps.map(describeStep).join(', ')}` : `${head} (it stays)`)
      }
      continue
    }
    if (checkScript(state, ctx, ship, steps, lines, out, record)) {
      commands.push({ kind: 'script', ship, steps })
      out.normalised.push(
        `${ship}: ${steps.map(describeStep).join(', ')}${ctx.ship(ship).stonewall ? ' (record phase, before the Federal movement: 11.61)' : ''}`,
      )
    }
  }
}

/**
 * `SQUADRON <id> = <ship>,<ship>... [: <activities>]` (4.52): ships at sea together, none scripted
 * alone this turn.
 */
function parseSquadron(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  squadrons: Map<string, { members: string[] }>,
  scripts: Map<string, CsaStep[]>,
  out: Collector,
): { id: string; members: string[]; activities?: string } | null {
  const m = /^squadron\s+([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*)?([^:]+?)(?:\s*:\s*(.*))?$/i.exec(l.text)
  if (!m) {
    out.error(l, 'a squadron reads SQUADRON <id> = <ship>,<ship>', 'e.g. SQUADRON SQ1 = ALA,FLA then SQ1: MOVE C20')
    return null
  }
  const id = m[1]!.toUpperCase()
  if (resolveShip(ctx, id, 'CSA') || resolveShip(ctx, id, 'USA') || id === 'SEMMES' || id === 'ALL') {
    out.error(l, `${id} names a ship; give the squadron another name (e.g. SQ1)`)
    return null
  }
  if (squadrons.has(id)) {
    out.error(l, `squadron ${id} is already formed`)
    return null
  }
  const members = squadronMembers(state, ctx, l, id, m[2]!, squadrons, scripts, out)
  if (!members) return null
  return m[3] === undefined ? { id, members } : { id, members, activities: m[3] }
}

function squadronMembers(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  id: string,
  written: string,
  squadrons: Map<string, { members: string[] }>,
  scripts: Map<string, CsaStep[]>,
  out: Collector,
): string[] | null {
  const members: string[] = []
  for (const name of written.split(/[,\s]+/).filter(Boolean)) {
    const ship = resolveShip(ctx, name, 'CSA')
    if (!ship) {
      out.error(l, `unknown Confederate ship "${name}"`, shipSuggestion(ctx, name, 'CSA'))
      return null
    }
    if (!members.includes(ship)) members.push(ship)
  }
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
  return members
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

/**
 * A line's activities (4.3): one, or several separated by commas in the order they are carried out,
 * the form HELP shows and the acknowledgement echoes (`RUN-OUT, MOVE C11, RAID`).
 */
function expandActivities(ctx: Ctx, l: ScriptLine, text: string, out: Collector): CsaStep[] | null {
  const parts = text.toUpperCase().split(',')
  const steps: CsaStep[] = []
  for (const part of parts) {
    const words = part.trim().split(/\s+/).filter(Boolean)
    if (!words.length && parts.length > 1) {
      out.error(l, 'an empty activity between commas', `activities: ${CSA_VERBS.join(', ')}`)
      return null
    }
    const more = expandActivity(ctx, l, words, out)
    if (!more) return null
    steps.push(...more)
  }
  return steps
}

function parseSemmes(state: SdState, ctx: Ctx, l: ScriptLine, rest: string[], out: Collector, commands: SdCommand[]) {
  if (state.semmes.removed) return out.error(l, 'Semmes has left the game (11.73)')
  if (rest[0] === 'TRANSFER') {
    const on = state.semmes.ship
    if (!on) return out.error(l, 'Semmes is not on a ship')
    if (state.csa[on]?.port === null) return out.error(l, `Semmes may leave ${on} only while it is in port (11.72)`)
    commands.push({ kind: 'semmes', action: 'TRANSFER', line: l.line })
    out.normalised.push('SEMMES: TRANSFER (to the turn track; placed next turn)')
    return
  }
  if (rest[0] === 'PLACE' && rest[1]) {
    const ship = resolveShip(ctx, rest[1], 'CSA')
    if (!ship) return out.error(l, `unknown Confederate ship "${rest[1]}"`, shipSuggestion(ctx, rest[1], 'CSA'))
    commands.push({ kind: 'semmes', action: 'PLACE', ship, line: l.line })
    out.normalised.push(`SEMMES: PLACE ${ship} (applied when Semmes comes off the track, if ${ship} is then in port)`)
    return
  }
  out.error(l, 'Semmes takes TRANSFER or PLACE <ship> (11.72)')
}

function expandActivity(ctx: Ctx, l: ScriptLine, words: string[], out: Collector): CsaStep[] | null {
  const verb = words[0]
  if (!verb) {
    out.error(l, 'no activity after the ship name', `activities: ${CSA_VERBS.join(', ')}`)
    return null
  }
  if (!(CSA_VERBS as readonly string[]).includes(verb)) {
    out.error(
      l,
      `unknown activity ${verb}`,
      `did you mean ${closest(verb, CSA_VERBS, 2).join(' or ') || CSA_VERBS.join(', ')}?`,
    )
    return null
  }
  if (verb === 'MOVE') {
    const steps: CsaStep[] = []
    const args = words.slice(1)
    if (!args.length) {
      out.error(l, 'MOVE needs an area', 'e.g. MOVE C17 (or MOVE C17 C18 +RAID)')
      return null
    }
    for (const a of args) {
      if (a === '+RAID') {
        steps.push({ verb: 'RAID', line: l.line })
        continue
      }
      if (!ctx.hasArea(a)) {
        out.error(l, `unknown area ${a}`, areaSuggestion(ctx, a))
        return null
      }
      steps.push({ verb: 'MOVE', area: a, line: l.line })
    }
    return steps
  }
  if (words.length > 2 || (words.length === 2 && verb !== 'ENTER-PORT')) {
    out.error(l, `${verb} takes no argument`)
    return null
  }
  // The nation's name, never the counter code: F and S are ship types too.
  const code = words[1] ? retiredCode(words[1]) : null
  if (code) {
    out.error(l, `ENTER-PORT takes the nation's name, not the code ${words[1]}`, `write ENTER-PORT ${code}`)
    return null
  }
  return [words[1] ? { verb: verb as CsaVerb, nat: words[1], line: l.line } : { verb: verb as CsaVerb, line: l.line }]
}
