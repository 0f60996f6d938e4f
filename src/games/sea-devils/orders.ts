// The Sea Devils order grammar: the Confederate activity record (4.3) and the Federal
// deployment and movement orders (10.4, 4.1, 11.1, 4.52, 7.2x, 6.3), plus standing policies.
import type { LineError, Parsed } from '../contract.ts'
import { closest, nearestCodes, readScript, type ScriptLine } from '../../orders/script.ts'
import { parsePolicy, type Policy } from './policy.ts'
import {
  baseAllowance,
  isFree,
  isMarching,
  neighbours,
  typeClass,
  type Ctx,
  type FederalOrders,
  type SdState,
} from './state.ts'

export type { FederalOrders }
import { DEPLOY_TYPES } from './pack.ts'
import { csaPortUsable, isPortRefitCapable, uncommissionedHeld } from './ports.ts'

export const CSA_VERBS = [
  'MOVE',
  'RAID',
  'LEAVE-PORT',
  'RUN',
  'RUN-OUT',
  'RUN-IN',
  'ENTER-PORT',
  'COMMISSION',
  'REPAIR',
  'REFIT',
  'STAY',
  'PRIZE-COAL',
] as const
/** 4.52 (ruling R-SQ): what a Confederate squadron may do. */
export const SQUADRON_VERBS: readonly CsaVerb[] = ['MOVE', 'RAID', 'STAY']
export type CsaVerb = (typeof CSA_VERBS)[number]
export interface CsaStep {
  verb: CsaVerb
  area?: string
  nat?: string
  line: number
}

export type SdCommand =
  | { kind: 'script'; ship: string; steps: CsaStep[]; members?: string[] }
  | { kind: 'semmes'; action: 'TRANSFER' | 'PLACE'; ship?: string; line: number }
  | { kind: 'policy'; policy: Policy; line: number }
  | { kind: 'deploy'; ship: string; fromUP: boolean; line: number }
  | { kind: 'europe'; ship: string; area: string; line: number }
  | { kind: 'move'; ship: string; path: string[]; line: number }
  | { kind: 'cse'; ship: string; line: number }
  | { kind: 'stack'; ships: string[]; line: number }
  | { kind: 'blockade'; ship: string; target: string; line: number }

export interface ConfederateOrders {
  /** In execution order (4.12); `members` makes the entry a squadron named `ship` (4.52). */
  scripts: { ship: string; steps: CsaStep[]; members?: string[] }[]
  semmes: { transfer: boolean; place: string | null }
  policies: Policy[]
}

export function federalOrdersFrom(commands: SdCommand[]): FederalOrders {
  const o: FederalOrders = { deploy: [], europe: [], moves: [], cse: [], stacks: [], blockades: [], policies: [] }
  for (const c of commands) {
    if (c.kind === 'deploy') o.deploy.push({ ship: c.ship, fromUP: c.fromUP })
    else if (c.kind === 'europe') o.europe.push({ ship: c.ship, area: c.area })
    else if (c.kind === 'move') o.moves.push({ ship: c.ship, path: c.path })
    else if (c.kind === 'cse') o.cse.push(c.ship)
    else if (c.kind === 'stack') o.stacks.push(c.ships)
    else if (c.kind === 'blockade') o.blockades.push({ ship: c.ship, target: c.target })
    else if (c.kind === 'policy') o.policies.push(c.policy)
  }
  return o
}

export function confederateOrdersFrom(commands: SdCommand[]): ConfederateOrders {
  const o: ConfederateOrders = { scripts: [], semmes: { transfer: false, place: null }, policies: [] }
  for (const c of commands) {
    if (c.kind === 'script')
      o.scripts.push(
        c.members ? { ship: c.ship, steps: c.steps, members: c.members } : { ship: c.ship, steps: c.steps },
      )
    else if (c.kind === 'semmes') {
      if (c.action === 'TRANSFER') o.semmes.transfer = true
      else o.semmes.place = c.ship ?? null
    } else if (c.kind === 'policy') o.policies.push(c.policy)
  }
  return o
}

class Collector {
  errors: LineError[] = []
  warnings: LineError[] = []
  normalised: string[] = []
  error(l: ScriptLine, message: string, suggestion?: string) {
    this.errors.push(
      suggestion ? { line: l.line, text: l.text, message, suggestion } : { line: l.line, text: l.text, message },
    )
  }
  warn(l: { line: number; text: string }, message: string) {
    this.warnings.push({ line: l.line, text: l.text, message })
  }
}

/** The ship named by the first one to three words, and the words after it. */
export function takeShip(ctx: Ctx, words: string[], side: 'CSA' | 'USA'): { written: string; rest: string[] } {
  for (let n = Math.min(3, words.length); n > 1; n--) {
    const written = words.slice(0, n).join(' ')
    if (resolveShip(ctx, written, side)) return { written, rest: words.slice(n) }
  }
  return { written: words[0] ?? '', rest: words.slice(1) }
}

/** A standing order (digest 5), the same for both sides. */
function policyLine(l: ScriptLine, out: Collector, commands: SdCommand[]): void {
  const p = parsePolicy(l.text.replace(/^policy\s+/i, ''))
  if (typeof p === 'string') return out.error(l, p)
  commands.push({ kind: 'policy', policy: p, line: l.line })
  out.normalised.push(`${p.text} (stands until replaced)`)
}

/** Resolves a ship name as written (id or any alias, case- and punctuation-insensitive). */
export function resolveShip(ctx: Ctx, written: string, side: 'CSA' | 'USA'): string | null {
  const key = normaliseName(written)
  for (const s of ctx.pack.ships) {
    if (s.side !== side) continue
    if (normaliseName(s.id) === key || s.aliases.some((a) => normaliseName(a) === key) || normaliseName(s.name) === key)
      return s.id
  }
  return null
}

function normaliseName(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9]/g, '')
}

function shipSuggestion(ctx: Ctx, written: string, side: 'CSA' | 'USA'): string | undefined {
  const names = ctx.pack.ships.filter((s) => s.side === side).flatMap((s) => [s.id, s.name.toUpperCase()])
  const best = closest(written, names, 3)
  return best.length ? `did you mean ${best.join(' or ')}?` : undefined
}

function areaSuggestion(ctx: Ctx, written: string, from?: string): string {
  const options = from ? neighbours(ctx, from) : ctx.pack.areas.map((a) => a.id)
  const near = from ? options : nearestCodes(written, options, 3)
  return from ? `areas next to ${from}: ${near.join(', ')}` : `nearest known codes: ${near.join(', ')}`
}

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
    if (checkScript(state, ctx, ship, steps, scriptLines.get(ship)!, out)) {
      commands.push({ kind: 'script', ship, steps })
      out.normalised.push(
        `${ship}: ${steps.map(describeStep).join(', ')}${ctx.ship(ship).stonewall ? ' (record phase, before the Federal movement: 11.61)' : ''}`,
      )
    }
  }
}

/** 10.52: the turn of arrival of a ship that must repair at once (it takes no orders). */
export function forcedRepairTurn(state: SdState, ctx: Ctx, shipId: string): boolean {
  const s = state.csa[shipId]
  return !!s && s.status === 'map' && !!ctx.ship(shipId).arrivalRepairIn && s.arrivedTurn === state.turn
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

/** A squadron's script (4.52, ruling R-SQ): MOVE, RAID and STAY at its slowest member's allowance. */
function checkSquadronScript(
  state: SdState,
  ctx: Ctx,
  id: string,
  members: string[],
  steps: CsaStep[],
  lines: ScriptLine[],
  out: Collector,
): boolean {
  const before = out.errors.length
  const lineOf = (n: number) => lines.find((l) => l.line === n) ?? lines[0]!
  let area = state.csa[members[0]!]!.area!
  let mp = 0
  const raided = new Set<string>()
  const raidsBy = new Map<string, number>()
  const allowance = Math.min(...members.map((m) => baseAllowance(ctx, state.csa[m]!) - state.csa[m]!.damage))
  for (const step of steps) {
    const l = lineOf(step.line)
    if (!SQUADRON_VERBS.includes(step.verb)) {
      out.error(l, `a squadron may only ${SQUADRON_VERBS.join(', ')} (ruling R-SQ); ${step.verb} is for single ships`)
      continue
    }
    if (step.verb === 'MOVE') {
      if (!neighbours(ctx, area).includes(step.area!))
        out.error(l, `${step.area} is not next to ${area}`, areaSuggestion(ctx, step.area!, area))
      area = step.area!
      mp += 1
    } else if (step.verb === 'RAID') {
      if (raided.has(area)) out.error(l, `squadron ${id} has already raided ${area} this turn (5.0)`)
      const able = members.filter((m) => raidBar(state, ctx, m, area, raidsBy.get(m) ?? 0) === null)
      if (!able.length)
        out.error(
          l,
          `no ship of squadron ${id} may raid ${area} (${members.map((m) => `${m}: ${raidBar(state, ctx, m, area, raidsBy.get(m) ?? 0)}`).join('; ')})`,
        )
      for (const m of able) raidsBy.set(m, (raidsBy.get(m) ?? 0) + 1)
      raided.add(area)
      mp += 1
    }
  }
  if (mp > allowance)
    out.error(
      lineOf(steps.at(-1)?.line ?? lines[0]!.line),
      `squadron ${id} would spend ${mp} MP but its slowest ship has ${allowance} (4.11, 6.21)`,
    )
  if (out.errors.length === before)
    out.warnings.push({ line: lines[0]!.line, text: '', message: `squadron ${id} ${mp}/${allowance} MP planned` })
  return out.errors.length === before
}

/** Why a ship may not raid `area` now (5.4x, 11.52, 11.53), or null when it may. */
export function raidBar(state: SdState, ctx: Ctx, shipId: string, area: string, raidsSoFar: number): string | null {
  const s = state.csa[shipId]!
  const def = ctx.ship(shipId)
  const cls = typeClass(def.type)
  if (!s.commissioned) return 'uncommissioned (5.46)'
  if (cls === 'IC') return 'ironclads never raid (5.41)'
  if ((cls === 'GB' || cls === 'AUX') && ctx.area(area).kind === 'D' && s.deepRaidTurn !== state.turn)
    return 'coastal areas only (5.41)'
  if (def.oneRaidPerTurn && raidsSoFar >= 1) return 'one raid a turn (5.42)'
  if (s.cannotRaidUntilRefit) return 'barred until refitted (11.52)'
  if (cls === 'AUX' && ctx.area(area).density < 1) return 'density below 1 (5.43)'
  return null
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
  return [words[1] ? { verb: verb as CsaVerb, nat: words[1], line: l.line } : { verb: verb as CsaVerb, line: l.line }]
}

/** Walks a script through the map as it stands now; errors for what can never be legal. */
function checkScript(
  state: SdState,
  ctx: Ctx,
  shipId: string,
  steps: CsaStep[],
  lines: ScriptLine[],
  out: Collector,
): boolean {
  const def = ctx.ship(shipId)
  const ship = state.csa[shipId]!
  const lineOf = (n: number) => lines.find((l) => l.line === n) ?? lines[0]!
  const before = out.errors.length
  let area = ship.area!
  let port = ship.port
  let mp = 0
  let coalings = 0
  let commissioned = ship.commissioned
  const raided = new Set<string>()
  let raids = 0
  let bonus = 0
  const wholeTurn = steps.some((s) => s.verb === 'REPAIR' || s.verb === 'REFIT')
  if (wholeTurn && steps.some((s) => s.verb !== 'REPAIR' && s.verb !== 'REFIT')) {
    out.error(
      lineOf(steps[0]!.line),
      'REPAIR and REFIT take the whole turn in port: no other activity may go with them (8.22, 11.31)',
    )
  }
  for (const step of steps) {
    const l = lineOf(step.line)
    switch (step.verb) {
      case 'MOVE': {
        if (port !== null) out.error(l, `${shipId} is in port at ${area}: leave first (LEAVE-PORT, RUN or RUN-OUT)`)
        if (!neighbours(ctx, area).includes(step.area!))
          out.error(l, `${step.area} is not next to ${area}`, areaSuggestion(ctx, step.area!, area))
        area = step.area!
        mp += 1
        coalings += ctx.area(area).ports.filter((p) => p.coal && p.nat !== 'USA' && p.nat !== 'CSA').length
        break
      }
      case 'RAID': {
        if (port !== null) out.error(l, 'a ship in port cannot raid; leave port first')
        if (!commissioned) out.error(l, `${shipId} is uncommissioned and cannot raid (5.46)`)
        if (def.type === 'IC') out.error(l, 'ironclads may not raid (5.41)')
        if (
          (def.type === 'GB' || def.type === 'SGB' || def.type === 'AUX') &&
          ctx.area(area).kind === 'D' &&
          ship.deepRaidTurn !== state.turn
        ) {
          out.error(l, `${shipId} may raid only in coastal areas (5.41)`)
        }
        if (raided.has(area)) out.error(l, `${shipId} has already raided ${area} this turn (5.0)`)
        if (def.oneRaidPerTurn && raids >= 1) out.error(l, `${shipId} may raid only one area each turn (5.42)`)
        if (ship.cannotRaidUntilRefit)
          out.error(l, `${shipId} cannot raid until it refits after failing to coal (11.52)`)
        raided.add(area)
        raids += 1
        mp += 1
        break
      }
      case 'LEAVE-PORT':
      case 'RUN': {
        if (port === null || port === 'CSA')
          out.error(l, port === 'CSA' ? 'leave a Confederate port with RUN-OUT (7.11)' : `${shipId} is not in port`)
        const held = port !== null && !commissioned ? uncommissionedHeld(state, ctx, area, port) : null
        if (held)
          out.error(
            l,
            `${shipId} is uncommissioned and may not leave ${held.nat} while its prestige level is below ${held.threshold} (${held.nat === 'France' ? '9.35' : '9.34'}); commission it first`,
          )
        if (step.verb === 'RUN') mp += 1
        port = null
        break
      }
      case 'RUN-OUT':
        if (port !== 'CSA') out.error(l, `${shipId} is not in a Confederate port`)
        port = null
        mp += 1
        break
      case 'RUN-IN':
        if (port !== null) out.error(l, `${shipId} is already in port`)
        if (!ctx.area(area).ports.some((p) => p.nat === 'CSA') || state.csaPortsLost.includes(area))
          out.error(l, `${area} has no Confederate port in Confederate hands`)
        port = 'CSA'
        coalings += 1
        mp += 1
        break
      case 'ENTER-PORT': {
        if (port !== null) out.error(l, `${shipId} is already in port`)
        const ports = ctx.area(area).ports.filter((p) => p.nat !== 'CSA' && p.nat !== 'USA')
        const chosen = step.nat ? ports.find((p) => p.nat.toUpperCase() === step.nat!.toUpperCase()) : ports[0]
        if (chosen && step.nat) step.nat = chosen.nat
        if (!chosen)
          out.error(
            l,
            ports.length ? `${area} has no ${step.nat} port` : `${area} has no neutral port to enter`,
            ports.length ? `ports here: ${ports.map((p) => p.nat).join(', ')}` : undefined,
          )
        else if (!csaPortUsable(state, ctx, area, chosen))
          out.error(
            l,
            `the ${chosen.nat} port in ${area} is closed to Confederate ships at the current prestige level (9.3)`,
          )
        port = chosen?.nat ?? 'neutral'
        break
      }
      case 'COMMISSION':
        if (commissioned) out.error(l, `${shipId} is already commissioned`)
        else if (port !== 'CSA' && state.neutralCommissionYears.includes(ctx.year(state.turn)))
          out.error(
            l,
            `the one neutral-port commissioning of ${ctx.year(state.turn)} is already used (10.51)`,
            'commission in a Confederate port, or wait for the next calendar year',
          )
        commissioned = true
        mp += 1
        break
      case 'PRIZE-COAL':
        if (!def.prizeCoal) out.error(l, `only a ship that can coal from its prizes may use PRIZE-COAL (11.53)`)
        else if (ship.prizeCoalUsed)
          out.error(l, `${shipId} has already coaled from a captured merchant ship; it may do so once a game (11.53)`)
        else if (step !== steps[0])
          out.error(
            l,
            `PRIZE-COAL must be ${shipId}'s first line: it is announced at the start of the activity phase (11.53)`,
          )
        else {
          bonus = def.prizeCoal.extraMp
          coalings += 1
        }
        break
      case 'REPAIR':
      case 'REFIT':
        if (port === null) out.error(l, `${step.verb} needs the ship in port for the whole turn (8.22, 11.31)`)
        else if (!isPortRefitCapable(state, ctx, area, port))
          out.error(l, `${area} cannot ${step.verb.toLowerCase()} Confederate ships now (4.41, 9.34, 9.35)`)
        if (step.verb === 'REFIT' && port !== null && refitForbiddenByOrigin(ctx, shipId, port))
          out.error(l, `${shipId} was received in ${port} and may never refit there (9.36)`)
        break
      case 'STAY':
        break
    }
  }
  const ma = baseAllowance(ctx, ship)
  const allowance = ma + bonus - ship.damage
  if (mp > allowance) {
    out.error(
      lineOf(steps.at(-1)!.line),
      `${shipId} would spend ${mp} MP but has ${allowance} (movement allowance ${ma}${bonus ? `, prize coal +${bonus}` : ''}, damage ${ship.damage}) (4.11)`,
    )
  }
  const stillAtSea =
    !wholeTurn &&
    !(ship.port !== null && port !== null && steps.every((s) => s.verb === 'STAY' || s.verb === 'COMMISSION'))
  if (stillAtSea && def.coal !== undefined && coalings < def.coal && out.errors.length === before) {
    out.warn(
      { line: steps[0]!.line, text: lineOf(steps[0]!.line).text },
      `${shipId} plans ${coalings}/${def.coal} coalings: its raids would be cancelled (11.52)`,
    )
  }
  if (out.errors.length === before)
    out.warnings.push({ line: steps[0]!.line, text: '', message: `${shipId} ${mp}/${allowance} MP planned` })
  return out.errors.length === before
}

export function refitForbiddenByOrigin(ctx: Ctx, shipId: string, portNat: string): boolean {
  const origin = ctx.ship(shipId).receivedIn
  return (origin === 'England' && portNat === 'England') || (origin === 'France' && portNat === 'France')
}

export function describeStep(s: CsaStep): string {
  if (s.verb === 'MOVE') return `MOVE ${s.area}`
  if (s.verb === 'ENTER-PORT' && s.nat) return `ENTER-PORT ${s.nat}`
  return s.verb
}

// ---------------------------------------------------------------- Federal orders (10.4, 4.1, 11.1)

function parseFederal(state: SdState, ctx: Ctx, lines: ScriptLine[], out: Collector, commands: SdCommand[]) {
  const placementFixed = state.stage === 'both-orders'
  if (state.stage === 'opening') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: the scenario's opening placement has not been resolved yet; orders open after it`,
    })
    return
  }
  if (state.stage === 'confederate-orders') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: your deployment and movement are on file; the Confederate is now recording his activity`,
    })
    return
  }
  // In a turn whose placement the scenario fixed, every ship on the map is already deployed.
  const willDeploy = new Set<string>(
    placementFixed
      ? Object.values(state.usa)
          .filter((u) => u.loc === 'map')
          .map((u) => u.id)
      : [],
  )
  const byType: Record<string, number> = {}
  const seenMove = new Set<string>()
  let cseCount = 0
  const year = String(ctx.year(state.turn))
  // 10.11: draws from the Unavailable Pool in this message, for the rotation and availability tests.
  const drawnUP = new Map<string, number>()
  const upDraws: { id: string; line: ScriptLine }[] = []
  const upCount = (id: string) => state.usa[id]!.upUses + (drawnUP.get(id) ?? 0)
  const upShips = (type: string) =>
    Object.values(state.usa)
      .filter((o) => o.loc === 'UP' && ctx.ship(o.id).type === type)
      .map((o) => o.id)
  const pickFromUP = (type: string) =>
    upShips(type)
      .filter((id) => !willDeploy.has(id))
      .sort((a, b) => upCount(a) - upCount(b) || a.localeCompare(b))[0] ?? null
  const isFreePacificShip = (u: SdState['usa'][string]) =>
    ctx.ship(u.id).fleet === 'P' && u.area !== null && ctx.area(u.area).pacific
  const usa = (l: ScriptLine, written: string | undefined): string | null => {
    if (!written) {
      out.error(l, 'a ship name is missing')
      return null
    }
    const id = resolveShip(ctx, written, 'USA')
    if (!id)
      out.error(
        l,
        resolveShip(ctx, written, 'CSA') ? `${written} is a Confederate ship` : `unknown Federal ship "${written}"`,
        shipSuggestion(ctx, written, 'USA'),
      )
    return id
  }
  for (const l of lines) {
    const verb = l.words[0]
    // A ship may be written as several words ("K. Stat"): take the longest run that names one.
    const named = takeShip(ctx, l.text.split(/\s+/).slice(1), 'USA')
    const raw = [named.written, ...named.rest]
    const args = raw.map((w) => w.toUpperCase())
    switch (verb) {
      case 'POLICY':
        policyLine(l, out, commands)
        break
      case 'DEPLOY':
      case 'DEPLOY-UP': {
        if (placementFixed) {
          out.error(l, `GT${state.turn}: the scenario fixes this turn's placement (13.14); send movement only`)
          break
        }
        const fromUP = verb === 'DEPLOY-UP'
        const byTypeName = fromUP && (DEPLOY_TYPES as readonly string[]).includes(args[0] ?? '') ? args[0]! : null
        const id = byTypeName ? pickFromUP(byTypeName) : usa(l, raw[0])
        if (!id) {
          if (byTypeName) out.error(l, `no ${byTypeName} ship in the Unavailable Pool may be taken now (10.11)`)
          break
        }
        const u = state.usa[id]!
        const def = ctx.ship(id)
        if (fromUP && u.loc !== 'UP') {
          out.error(l, `${id} is not in the Unavailable Pool`)
          break
        }
        if (fromUP) {
          // 10.11: no ship goes out of the UP a second time before every other of its type has gone as often.
          const uses = upCount(id)
          const behind = upShips(def.type).filter((o) => o !== id && upCount(o) < uses)
          if (behind.length) {
            out.error(
              l,
              `${id} has been taken from the Unavailable Pool ${uses} time(s); ${behind.join(', ')} must be taken first (10.11 rotation)`,
            )
            break
          }
        }
        if (isFree(ctx, u) && !isFreePacificShip(u)) {
          out.error(
            l,
            `${id} ${isMarching(ctx, u) ? 'marches to the Pacific at no cost (11.22)' : 'belongs to the Stonewall Pursuit Fleet and needs no deployment (11.62)'}`,
          )
          break
        }
        if (!fromUP && u.loc !== 'map' && u.loc !== 'AP') {
          out.error(
            l,
            `${id} is ${u.loc === 'UP' ? 'in the Unavailable Pool: use DEPLOY-UP (10.11)' : u.loc === 'pending' ? 'not yet arrived' : u.loc}`,
          )
          break
        }
        if (
          def.fleet === 'P' &&
          u.area !== null &&
          ctx.area(u.area).pacific &&
          !(def.leavesPacificAfterRaid && state.pacificRaid)
        ) {
          out.error(l, `${id} is a Pacific Fleet ship and needs no deployment while in the Pacific (11.2)`)
          break
        }
        if (!fromUP && (def.availability ?? 0) - u.spent <= 0) {
          out.error(l, `${id} has no availability points left (10.1)`)
          break
        }
        byType[def.type] = (byType[def.type] ?? 0) + 1
        const points = state.deployTrack[def.type as keyof SdState['deployTrack']] ?? 0
        if (byType[def.type]! > points) {
          out.error(l, `no ${def.type} deployment points left (track shows ${points}) (10.42)`)
          break
        }
        if (willDeploy.has(id)) {
          out.error(l, `${id} is already deployed`)
          break
        }
        willDeploy.add(id)
        if (fromUP) {
          drawnUP.set(id, (drawnUP.get(id) ?? 0) + 1)
          upDraws.push({ id, line: l })
        }
        commands.push({ kind: 'deploy', ship: id, fromUP, line: l.line })
        out.normalised.push(`${verb} ${id} (${def.type}; ${u.loc === 'map' ? `stays in ${u.area}` : 'appears in C9'})`)
        break
      }
      case 'EUROPE-BLOCKADE': {
        if (placementFixed) {
          out.error(l, `GT${state.turn}: no Confederate ship began this turn in Europe`)
          break
        }
        const id = usa(l, raw[0])
        const area = args[2]
        if (!id) break
        if (args[1] !== 'IN' || !area || !ctx.hasArea(area) || !ctx.area(area).european) {
          out.error(l, 'write EUROPE-BLOCKADE <ship> IN <C2|C5|C7|C8> (6.3)')
          break
        }
        commands.push({ kind: 'europe', ship: id, area, line: l.line })
        out.normalised.push(`EUROPE-BLOCKADE ${id} IN ${area} (declared to the Confederate before he records)`)
        break
      }
      case 'MOVE': {
        const id = usa(l, raw[0])
        if (!id) break
        const u = state.usa[id]!
        const def = ctx.ship(id)
        if (isMarching(ctx, u)) {
          out.error(l, `${id} marches to the Pacific on its own at half speed (11.22); it takes no MOVE`)
          break
        }
        const free = isFree(ctx, u)
        if (!willDeploy.has(id) && !free) {
          out.error(
            l,
            `${id} is not deployed this turn; only deployed ships move (10.4)`,
            placementFixed ? undefined : `add DEPLOY ${id} above`,
          )
          break
        }
        if (seenMove.has(id)) {
          out.error(l, `${id} already has a MOVE line; give its whole path on one line`)
          break
        }
        const path = args.slice(1)
        let at = u.loc === 'map' ? u.area! : ctx.pack.mapRoles.eastCoast
        let ok = path.length > 0
        if (!path.length) out.error(l, 'MOVE needs a path of areas', `e.g. MOVE ${id} C10 C11`)
        for (const a of path) {
          if (!ctx.hasArea(a)) {
            out.error(l, `unknown area ${a}`, areaSuggestion(ctx, a))
            ok = false
            break
          }
          if (!neighbours(ctx, at).includes(a)) {
            out.error(l, `${a} is not next to ${at}`, areaSuggestion(ctx, a, at))
            ok = false
            break
          }
          if (def.fleet === 'P' && ctx.area(at).pacific && !ctx.area(a).pacific) {
            const may = def.leavesPacificAfterRaid && state.pacificRaid
            // 11.21: leaving costs deployment and availability, so the ship must be deployed.
            if (!may || !willDeploy.has(id) || placementFixed) {
              out.error(
                l,
                `${id} may not leave the Pacific (11.21${def.leavesPacificAfterRaid ? (may ? ': deploy it first, since any part of a turn outside the Pacific costs deployment and availability' : ': only after a Confederate raid there') : ''})`,
              )
              ok = false
              break
            }
          }
          at = a
        }
        const allowance = def.ma - u.damage
        if (ok && path.length > allowance) {
          out.error(l, `${id} moves ${path.length} areas but has ${allowance} MP (4.13)`)
          ok = false
        }
        if (!ok) break
        seenMove.add(id)
        commands.push({ kind: 'move', ship: id, path, line: l.line })
        out.normalised.push(`MOVE ${id} ${path.join(' ')} (${path.length}/${allowance} MP)`)
        break
      }
      case 'CSE': {
        const id = usa(l, raw[0])
        if (!id) break
        if (!willDeploy.has(id) && ctx.ship(id).fleet !== 'S') {
          out.error(l, `${id} must be deployed to join the CSE box (11.1)`)
          break
        }
        const left = (ctx.pack.cse.perYear[year] ?? 0) - (state.cseUsed[year] ?? 0) - cseCount
        if (left <= 0) {
          out.error(l, `no CSE points left for ${year} (11.12)`)
          break
        }
        cseCount += 1
        commands.push({ kind: 'cse', ship: id, line: l.line })
        out.normalised.push(`CSE ${id} (1 of ${left} CSE points left in ${year})`)
        break
      }
      case 'STACK': {
        const names = l.text
          .replace(/^stack\s+/i, '')
          .split(/[,\s]+/)
          .filter(Boolean)
        const ids = names.map((n) => usa(l, n))
        if (ids.some((i) => !i)) break
        if (ids.length < 2) {
          out.error(l, 'a squadron needs at least two ships (4.52)')
          break
        }
        commands.push({ kind: 'stack', ships: ids as string[], line: l.line })
        out.normalised.push(`STACK ${ids.join(',')} (a squadron if they end Phase 3 in one area)`)
        break
      }
      case 'BLOCKADE': {
        const id = usa(l, raw[0])
        const target = raw.length > 1 ? resolveShip(ctx, raw.slice(1).join(' '), 'CSA') : null
        if (!id) break
        if (!target) {
          out.error(l, 'write BLOCKADE <Federal ship> <Confederate ship> (7.24)')
          break
        }
        commands.push({ kind: 'blockade', ship: id, target, line: l.line })
        out.normalised.push(
          `BLOCKADE ${id} ${target} (joins the blockade if ${target} lies blockaded in port where ${id} ends Phase 3)`,
        )
        break
      }
      default:
        out.error(
          l,
          `unknown Federal order ${verb}`,
          `orders: DEPLOY, DEPLOY-UP, EUROPE-BLOCKADE, MOVE, CSE, STACK, BLOCKADE, POLICY`,
        )
    }
  }
  // 10.11: a ship comes out of the UP only when no other ship of its type is available to deploy.
  for (const d of upDraws) {
    const type = ctx.ship(d.id).type
    const idle = Object.values(state.usa).filter(
      (o) =>
        (o.loc === 'map' || o.loc === 'AP') &&
        ctx.ship(o.id).type === type &&
        (ctx.ship(o.id).availability ?? 0) > o.spent &&
        !isFree(ctx, o) &&
        !willDeploy.has(o.id),
    )
    if (idle.length)
      out.error(
        d.line,
        `${d.id} may come from the Unavailable Pool only when no other ${type} ship is available; deploy ${idle.map((o) => o.id).join(', ')} first (10.11)`,
      )
  }
}
