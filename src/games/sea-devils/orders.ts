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
  if (role === 'confederate') parseConfederate(state, ctx, script.lines, out, commands)
  else if (role === 'federal') parseFederal(state, ctx, script.lines, out, commands)
  else out.errors.push({ line: 0, text: '', message: `unknown role ${role}` })
  return { commands, normalised: out.normalised, errors: out.errors, warnings: out.warnings }
}

// ---------------------------------------------------------------- Confederate activity record (4.3)

function parseConfederate(state: SdState, ctx: Ctx, lines: ScriptLine[], out: Collector, commands: SdCommand[]) {
  if (state.stage === 'federal-orders' || state.stage === 'opening') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: the Federal placement is not yet fixed; the activity record opens once the Federal deployment is published (3.0 step 2)`,
    })
    return
  }
  const scripts = new Map<string, CsaStep[]>()
  const scriptLines = new Map<string, ScriptLine[]>()
  /** 4.52: squadrons declared in this record, by id. */
  const squadrons = new Map<string, { members: string[]; line: ScriptLine }>()
  let lastShip: string | null = null
  for (const l of lines) {
    if (l.words[0] === 'SQUADRON') {
      const sq = parseSquadron(state, ctx, l, squadrons, scripts, out)
      if (!sq) continue
      squadrons.set(sq.id, { members: sq.members, line: l })
      scripts.set(sq.id, [])
      scriptLines.set(sq.id, [l])
      lastShip = sq.id
      continue
    }
    if (l.words[0] === 'POLICY') {
      policyLine(l, out, commands)
      continue
    }
    const m = /^([^:]+):\s*(.*)$/.exec(l.text)
    if (!m) {
      out.error(l, 'a Confederate line reads <SHIP>: <ACTIVITY>', 'e.g. SUM: MOVE C17')
      continue
    }
    const who = m[1]!.trim()
    const rest = m[2]!.trim().toUpperCase().split(/\s+/).filter(Boolean)
    if (who.toUpperCase() === 'SEMMES') {
      parseSemmes(state, ctx, l, rest, out, commands)
      continue
    }
    const squadronId = who.toUpperCase()
    if (squadrons.has(squadronId)) {
      const steps = expandActivity(ctx, l, rest, out)
      if (!steps) continue
      if (lastShip !== squadronId) {
        out.error(
          l,
          `lines for squadron ${squadronId} must follow its SQUADRON line: the order of the blocks is the order of execution (4.12)`,
        )
        continue
      }
      scripts.get(squadronId)!.push(...steps)
      scriptLines.get(squadronId)!.push(l)
      continue
    }
    const ship = resolveShip(ctx, who, 'CSA')
    if (!ship) {
      const isFederal = resolveShip(ctx, who, 'USA')
      out.error(
        l,
        isFederal ? `${who} is a Federal ship` : `unknown Confederate ship "${who}"`,
        shipSuggestion(ctx, who, 'CSA'),
      )
      continue
    }
    const s = state.csa[ship]
    if (!s || s.status !== 'map') {
      out.error(l, `${ship} is not on the map (${s ? s.status : 'not yet arrived'})`)
      continue
    }
    if (forcedRepairTurn(state, ctx, ship)) {
      out.error(
        l,
        `${ship} makes its forced move to ${s.area} and repairs there for the rest of GT${state.turn} (10.52); it takes no orders this turn`,
      )
      continue
    }
    const inSquadron = [...squadrons].find(([, q]) => q.members.includes(ship))
    if (inSquadron) {
      out.error(l, `${ship} sails in squadron ${inSquadron[0]} this turn; script the squadron, not its ships (4.52)`)
      continue
    }
    const steps = expandActivity(ctx, l, rest, out)
    if (!steps) continue
    if (scripts.has(ship) && lastShip !== ship) {
      out.error(l, `lines for ${ship} must sit together: the order of the ship blocks is the order of execution (4.12)`)
      continue
    }
    if (!scripts.has(ship)) {
      scripts.set(ship, [])
      scriptLines.set(ship, [])
    }
    lastShip = ship
    scripts.get(ship)!.push(...steps)
    scriptLines.get(ship)!.push(l)
  }
  // 11.3: the refit period running out, for every ship, scripted or not.
  for (const s of Object.values(state.csa)) {
    const w = s.status === 'map' ? refitWarning(state, ctx, s.id) : null
    const l = scriptLines.get(s.id)?.[0]
    if (w) out.warn({ line: l?.line ?? 0, text: l?.text ?? '' }, `WARNING: ${w}`)
  }
  const record: RecordTally = { neutralCommissions: 0 }
  for (const [ship, steps] of scripts) {
    const sq = squadrons.get(ship)
    if (sq) {
      if (checkSquadronScript(state, ctx, ship, sq.members, steps, scriptLines.get(ship)!, out)) {
        commands.push({ kind: 'script', ship, steps, members: sq.members })
        out.normalised.push(
          `SQUADRON ${ship} = ${sq.members.join(',')}: ${steps.map(describeStep).join(', ') || 'STAY'}`,
        )
      }
      continue
    }
    if (checkScript(state, ctx, ship, steps, scriptLines.get(ship)!, out, record)) {
      commands.push({ kind: 'script', ship, steps })
      out.normalised.push(
        `${ship}: ${steps.map(describeStep).join(', ')}${ctx.ship(ship).stonewall ? ' (record phase, before the Federal movement: 11.61)' : ''}`,
      )
    }
  }
}

/** `SQUADRON <id> = <ship>,<ship>...` (4.52): ships at sea together, none scripted alone this turn. */
function parseSquadron(
  state: SdState,
  ctx: Ctx,
  l: ScriptLine,
  squadrons: Map<string, { members: string[] }>,
  scripts: Map<string, CsaStep[]>,
  out: Collector,
): { id: string; members: string[] } | null {
  const m = /^squadron\s+([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*)?(.+)$/i.exec(l.text)
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
  const members: string[] = []
  for (const name of m[2]!.split(/[,\s]+/).filter(Boolean)) {
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
    const s = state.csa[ship]
    const why =
      !s || s.status !== 'map'
        ? 'is not on the map'
        : scripts.has(ship)
          ? 'already has its own lines this turn (a ship moves once: 4.12)'
          : [...squadrons.values()].some((q) => q.members.includes(ship))
            ? 'is already in another squadron'
            : s.port !== null
              ? 'is in port (ruling R-SQ: squadrons form at sea)'
              : s.area !== area
                ? `is not in ${area} with ${members[0]}`
                : ctx.ship(ship).stonewall
                  ? 'moves in the record phase (11.61)'
                  : forcedRepairTurn(state, ctx, ship)
                    ? 'is under its forced repair (10.52)'
                    : null
    if (why) {
      out.error(l, `${ship} cannot join squadron ${id}: it ${why} (4.52)`)
      return null
    }
  }
  return { id, members }
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
  // The nation's name, never the counter code: F and S are ship types too (issue 14).
  const code = words[1] ? retiredCode(words[1]) : null
  if (code) {
    out.error(l, `ENTER-PORT takes the nation's name, not the code ${words[1]}`, `write ENTER-PORT ${code}`)
    return null
  }
  return [words[1] ? { verb: verb as CsaVerb, nat: words[1], line: l.line } : { verb: verb as CsaVerb, line: l.line }]
}
