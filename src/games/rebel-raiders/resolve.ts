// One Rebel Raiders phase resolved (RB 5): the moves in the order written, with what they run into
// (speed rolls, searches, raids, fights, assaults), the Confederate supply after his move, the
// builds, and the victory check after the Union's build. Everything on the board is public in the
// basic game (the hands come with the cards), so every entry is for every reader.
import { type Dice, type NarrativeEntry, PUBLIC } from '../contract.ts'
import { captureLosses, rollAssault, rollCounterattack } from './assault.ts'
import { UNION_FREE_GUNBOATS, planBuilds, type BuildOrder } from './builds.ts'
import { battle, type Unit } from './combat.ts'
import { wantsRetreat } from './policies.ts'
import { overStacked } from './stacking.ts'
import type { Space } from './map.ts'
import type { MoveStep } from './movement.ts'
import { checkStack } from './stack.ts'
import type { RrCommand } from './orders.ts'
import type { RebelPack } from './pack.ts'
import { buildContext, moveContext } from './position.ts'
import type { PieceType, Side } from './setup.ts'
import { intercept, raidResult, type Searcher } from './speed.ts'
import { LAST_TURN, nextCounter, type RrPiece, type RrState, dateOf } from './state.ts'
import { clampVp, supplyDiceCount, supplyLoss, unionVictory, witheringForts, witheringVp } from './supply.ts'

const CODES: Record<PieceType, string> = {
  battery: 'BT',
  gunboat: 'GB',
  ironclad: 'IC',
  raider: 'RD',
  sloop: 'SL',
  runner: 'BR',
}

export class PhaseRun {
  readonly narrative: NarrativeEntry[] = []
  /** Pieces moved or placed this phase, in order: the last to arrive are the first lost to stacking (6.12). */
  readonly arrived = new Set<string>()
  constructor(
    readonly s: RrState,
    readonly pack: RebelPack,
    readonly dice: Dice,
  ) {}

  say(rule: string, text: string, at?: string): void {
    this.narrative.push({ audience: PUBLIC, rule, text, ...(at ? { at } : {}) })
  }
  name(id: string): string {
    return this.pack.map.space(id).name
  }
  space(id: string): Space {
    return this.pack.map.space(id)
  }
  holder(id: string): Side | 'neutral' {
    return this.s.control[id] ?? this.space(id).side ?? 'neutral'
  }
  piecesAt(at: string, side: Side, types?: PieceType[]): RrPiece[] {
    return this.s.pieces.filter((p) => p.at === at && p.side === side && (!types || types.includes(p.type)))
  }
  remove(ids: Iterable<string>): void {
    const gone = new Set(ids)
    this.s.pieces = this.s.pieces.filter((p) => !gone.has(p.id))
  }
  add(side: Side, type: PieceType, at: string): RrPiece {
    const p: RrPiece = { id: nextCounter(this.s, CODES[type]), side, type, at }
    this.s.pieces.push(p)
    this.arrived.add(p.id)
    return p
  }
  vp(delta: number, rule: string, why: string): void {
    if (!delta) return
    this.s.vp = clampVp(this.s.vp + delta, { cap: false })
    this.say(rule, `${why}: ${delta > 0 ? '+' : ''}${delta} VP to the Confederacy (now ${this.s.vp}).`)
  }
}

const unit = (p: RrPiece): Unit => ({ id: p.id, side: p.side, type: p.type })

/**
 * A runner or raider meets Union ships (7.75-7.78): the speed roll; a caught runner is sunk, a
 * caught raider fights the winners best first and may slip away after its first round against the
 * last of them (10.36). Returns whether the Confederate ship is still afloat and free to go on.
 */
function meet(run: PhaseRun, target: RrPiece, searchers: RrPiece[], priorRaids = 0): boolean {
  const where = run.space(target.at)
  const r = intercept(
    run.dice,
    { id: target.id, type: target.type as 'runner' | 'raider' },
    where.kind,
    searchers.map((x): Searcher => ({ id: x.id, type: x.type as 'sloop' | 'gunboat' })),
    { priorRaids, asStack: (run.s.intercept[where.id] ?? run.s.intercept.ALL) === 'stack' },
  )
  const union = r.union.map((u) => `${u.ships.join('+')} ${u.total}`).join(', ')
  if (r.evaded) {
    run.say(
      '7.78',
      `${target.id} slips past ${searchers.map((x) => x.id).join(', ')} in ${where.name} (Union ${union}${r.csa ? `, ${target.id} ${r.csa.total}` : ''}).`,
      where.id,
    )
    return true
  }
  run.say('7.78', `${target.id} is caught in ${where.name} (Union ${union}, ${target.id} ${r.csa?.total}).`, where.id)
  if (target.type === 'runner') {
    run.remove([target.id])
    run.say('7.77', `${target.id} is destroyed${target.cargo ? ` with its cargo` : ''}.`, where.id)
    return false
  }
  for (const [i, group] of r.winners.entries()) {
    const attackers = group.ships.map((id) => run.s.pieces.find((p) => p.id === id)).filter((p): p is RrPiece => !!p)
    const last = i === r.winners.length - 1
    // The raider may break off only after a round against the last ships that caught it (10.36); by default it does (RR-C1).
    const b = battle(run.dice, attackers.map(unit), [unit(target)], {
      defenderRetreats: (round) =>
        last &&
        wantsRetreat(
          run.s.policies.CSA,
          [target.id],
          { round, lost: 0, left: 1, foes: attackers.length, attacking: false },
          'RETREAT',
        ).retreat,
      attackerRetreats: (round, a) =>
        wantsRetreat(
          run.s.policies.USA,
          a.map((x) => x.id),
          { round, lost: attackers.length - a.length, left: a.length, foes: 1, attacking: true },
          'FIGHT',
        ).retreat,
    })
    const sunk = new Set(b.rounds.flatMap((x) => x.destroyed))
    run.remove(sunk)
    run.say(
      '10.3',
      `${target.id} fights ${group.ships.join(', ')}: ${b.rounds.length} round(s); ${sunk.size ? `sunk: ${[...sunk].join(', ')}` : 'nothing sunk'}${b.ended === 'defender-retreated' ? `; ${target.id} breaks off` : ''}.`,
      where.id,
    )
    if (sunk.has(target.id)) return false
    // Ruling RR-C1: a raider that broke off ends its move where it is.
    if (b.ended === 'defender-retreated') return false
  }
  return true
}

/** The Union ships that intercept a Confederate ship entering `at` (7.75-7.76, ruling on digest A3). */
function interceptors(run: PhaseRun, p: RrPiece, at: string): RrPiece[] {
  const kind = run.space(at).kind
  if (kind === 'blockadeStation') return run.piecesAt(at, 'USA', ['sloop', 'gunboat'])
  if (kind === 'coastal') return run.piecesAt(at, 'USA', ['sloop'])
  if ((kind === 'highSeas' || kind === 'whaling') && p.type === 'raider') return run.piecesAt(at, 'USA', ['sloop'])
  return []
}

/** The ships of a move as they stand now, checked again against the position (earlier moves may have changed it). */
function stackOf(
  run: PhaseRun,
  cmd: Extract<RrCommand, { kind: 'move' }>,
  side: Side,
): { ships: RrPiece[]; steps: MoveStep[] } | null {
  const ids = cmd.pieces ?? [cmd.piece]
  const ships = ids
    .map((id) => run.s.pieces.find((x) => x.id === id && x.side === side))
    .filter((x): x is RrPiece => !!x)
  const lost = ids.filter((id) => !ships.some((x) => x.id === id))
  if (lost.length)
    run.say(
      '7',
      `${lost.join(', ')} ${lost.length > 1 ? 'are' : 'is'} no longer afloat: ${ships.length ? 'the rest move' : 'the move is void'}.`,
    )
  if (!ships.length) return null
  const check = checkStack(moveContext(run.s, run.pack), ships, cmd.steps)
  if (!check.ok) {
    run.say(
      '7',
      `${ships.map((x) => x.id).join(', ')} cannot move as ordered (${check.step ? `step ${check.step}: ` : ''}${check.error}); ${ships.length > 1 ? 'they stay' : 'it stays'}.`,
    )
    return null
  }
  const start = ships[0]!.at
  for (const x of ships) run.arrived.add(x.id)
  const steps = cmd.steps[0] && 'enter' in cmd.steps[0] && cmd.steps[0].enter === start ? cmd.steps.slice(1) : cmd.steps
  return { ships, steps }
}

/**
 * A fight in a space between the moving ships and the enemy there (10.3). After each round the
 * attacker may fall back to `from`, and the defender (where 10.36 gives it somewhere to go) to
 * `defenderTo`, as their battle orders say. Losses and retreats are carried out and told.
 */
function fightHere(
  run: PhaseRun,
  attackers: RrPiece[],
  defenders: RrPiece[],
  rule: string,
  opts: { shields?: boolean; from: string; defenderTo?: string | null },
): { lost: Set<string>; ended: string } {
  const units = attackers.map(unit)
  // The Union shields what it can against batteries (10.21): each ironclad a sloop, each sloop a gunboat.
  if (opts.shields) {
    const ics = units.filter((u) => u.type === 'ironclad')
    const sls = units.filter((u) => u.type === 'sloop')
    const gbs = units.filter((u) => u.type === 'gunboat')
    sls.forEach((sl, i) => {
      if (ics[i]) sl.shieldedBy = ics[i]!.id
    })
    gbs.forEach((gb, i) => {
      if (sls[i]) gb.shieldedBy = sls[i]!.id
    })
  }
  const aSide = attackers[0]!.side
  const dSide = aSide === 'CSA' ? 'USA' : 'CSA'
  const ships = (u: Unit[]) => u.filter((x) => x.type !== 'battery')
  const asks = (side: Side, mine: Unit[], foes: Unit[], round: number, start: number, attacking: boolean) =>
    wantsRetreat(
      run.s.policies[side],
      mine.map((x) => x.id),
      { round, lost: start - mine.length, left: mine.length, foes: ships(foes).length, attacking },
      'FIGHT',
    ).retreat
  const b = battle(run.dice, units, defenders.map(unit), {
    attackerRetreats: (round, a, d) => asks(aSide, a, d, round, attackers.length, true),
    defenderRetreats: (round, a, d) =>
      !!opts.defenderTo &&
      ships(d).length > 0 &&
      asks(dSide, ships(d), a, round, ships(defenders.map(unit)).length, false),
  })
  const lost = new Set(b.rounds.flatMap((x) => x.destroyed))
  run.remove(lost)
  const where = attackers[0]!.at
  run.say(
    rule,
    `Combat in ${run.name(where)}: ${attackers.map((x) => x.id).join(', ')} against ${defenders.map((x) => x.id).join(', ')}, ${b.rounds.length} round(s); ${lost.size ? `lost: ${[...lost].join(', ')}` : 'nothing lost'}.`,
    where,
  )
  if (b.ended === 'attacker-retreated') {
    const back = attackers.filter((x) => !lost.has(x.id))
    for (const x of back) x.at = opts.from
    run.say(
      '10.36',
      `${back.map((x) => x.id).join(', ')} ${back.length > 1 ? 'fall' : 'falls'} back to ${run.name(opts.from)}.`,
      opts.from,
    )
  } else if (b.ended === 'defender-retreated' && opts.defenderTo) {
    const away = defenders.filter((x) => !lost.has(x.id) && x.type !== 'battery')
    for (const x of away) x.at = opts.defenderTo
    run.say(
      '10.36',
      `${away.map((x) => x.id).join(', ')} ${away.length > 1 ? 'retreat' : 'retreats'} to ${run.name(opts.defenderTo)}.`,
      opts.defenderTo,
    )
  }
  return { lost, ended: b.ended }
}

/** Where a defender in `at` may retreat (10.36), or null: a station's own port (or the forts for New Orleans), a river port or fort next to a friendly one, or for the Union a station's coastal zone. */
function defenderRetreat(run: PhaseRun, at: string, side: Side): string | null {
  const here = run.space(at)
  const friendly = (id: string) => run.holder(id) === side
  if (here.kind === 'blockadeStation') {
    if (side === 'USA') return run.pack.map.neighbours(at, ['sea']).find((n) => run.space(n).kind === 'coastal') ?? null
    return (
      run.pack.map.neighbours(at, ['port', 'river']).find((n) => friendly(n) && run.space(n).kind !== 'coastal') ?? null
    )
  }
  if (here.kind === 'riverPort' || here.kind === 'fort')
    return (
      run.pack.map
        .neighbours(at, ['river'])
        .find((n) => friendly(n) && (run.space(n).kind === 'riverPort' || run.space(n).kind === 'fort')) ?? null
    )
  return null
}

function moveConfederate(run: PhaseRun, cmd: Extract<RrCommand, { kind: 'move' }>): void {
  const move = stackOf(run, cmd, 'CSA')
  if (!move) return
  let ships = move.ships
  const p = ships[0]!
  const names = () => ships.map((x) => x.id).join(', ')
  const path: string[] = [p.at]
  for (const step of move.steps) {
    if ('enter' in step) {
      for (const x of ships) x.at = step.enter
      path.push(step.enter)
      // Confederate warships entering a station held by Union ships attack them (7.75: no pawn needed).
      const foes =
        run.space(p.at).kind === 'blockadeStation' ? run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']) : []
      if (foes.length && p.type !== 'runner' && p.type !== 'raider') {
        run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
        path.splice(0, path.length, p.at)
        const from = path.length > 1 ? path[path.length - 2]! : p.at
        const fight = fightHere(run, ships, foes, '7.75', { from, defenderTo: defenderRetreat(run, p.at, 'USA') })
        ships = ships.filter((x) => !fight.lost.has(x.id))
        if (!ships.length || fight.ended === 'attacker-retreated') return
        if (run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']).length) return
        continue
      }
      if ((p.type === 'runner' || p.type === 'raider') && interceptors(run, p, p.at).length) {
        run.say('7.3', `${p.id} moves ${path.join(' > ')}.`)
        path.splice(0, path.length, p.at)
        if (!meet(run, p, interceptors(run, p, p.at))) return
      }
      continue
    }
    if (path.length > 1) {
      run.say('7.3', `${p.id} moves ${path.join(' > ')}.`)
      path.splice(0, path.length, p.at)
    }
    if (step.action === 'LOAD') {
      // A marker must be free (9.3); a European port gives a 2-VP one while any is left, else a 1-VP one (9.12).
      const inUse = (v: number) => run.s.pieces.filter((x) => x.cargo === v).length
      const pool = {
        ...run.pack.pieces.cargoMarkers,
        two: Math.max(0, run.pack.pieces.cargoMarkers.two - (run.s.emancipated ? 2 : 0)),
      }
      const value =
        p.cargo !== undefined
          ? null
          : run.space(p.at).european && inUse(2) < pool.two
            ? 2
            : inUse(1) < pool.one
              ? 1
              : null
      if (value === null)
        run.say(
          '9.3',
          p.cargo !== undefined
            ? `${p.id} already carries cargo (9.11).`
            : `No cargo marker is free: ${p.id} loads nothing (9.3).`,
          p.at,
        )
      else {
        p.cargo = value
        run.say('9.1', `${p.id} loads cargo worth ${p.cargo} VP in ${run.name(p.at)}.`, p.at)
      }
    } else if (step.action === 'UNLOAD') {
      const value = p.cargo ?? 0
      delete p.cargo
      run.vp(value, '9.21', `${p.id} lands its cargo in ${run.name(p.at)}`)
      if (!value) run.say('9.21', `${p.id} has no cargo to land in ${run.name(p.at)}.`, p.at)
    } else if (step.action === 'RAID') {
      for (let n = 0; n < step.times; n++) {
        const key = `${p.id}@${p.at}`
        const prior = run.s.raids[key] ?? 0
        run.s.raids[key] = prior + 1
        const sloops = run.piecesAt(p.at, 'USA', ['sloop'])
        if (sloops.length && !meet(run, p, sloops, prior)) return
        const r = raidResult(run.dice, p.id, run.space(p.at).kind, step.boost)
        if (r.vp)
          run.vp(
            r.vp,
            '8.11',
            `${p.id} raids in ${run.name(p.at)} (die ${r.die}${step.boost ? ` +${step.boost}` : ''})`,
          )
        else
          run.say(
            '8.11',
            `${p.id} raids in ${run.name(p.at)} and finds nothing (die ${r.die}${step.boost ? ` +${step.boost}` : ''}).`,
            p.at,
          )
      }
    }
  }
  if (path.length > 1) run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
}

/** A Union assault rolled and applied (11.6): `ships` are the Union ships in the target (amphibious) or null (river, land). */
function assault(
  run: PhaseRun,
  target: string,
  tactics: number,
  retreatTo: string | null,
  ships: RrPiece[] | null,
): void {
  if (run.holder(target) === 'neutral') {
    // Uncommitted Kentucky falls without dice, and the Confederacy gains by the violation (12.2).
    const a = run.dice.roll('Kentucky violated: first die', 6, PUBLIC)
    const b = run.dice.roll('Kentucky violated: second die', 6, PUBLIC)
    run.s.control[target] = 'USA'
    run.vp(Math.abs(a - b), '12.2', `The Union takes uncommitted ${run.name(target)} (dice ${a}, ${b})`)
    return
  }
  const batteries = run.piecesAt(target, 'CSA', ['battery'])
  const r = rollAssault(run.dice, target, { year: dateOf(run.s.turn).year, tactics, batteries: batteries.length })
  run.say(
    '11.62',
    `Assault on ${run.name(target)}: Union ${r.union.dice.join(',')}${tactics ? ` with tactics +${tactics}` : ''} = ${r.union.total}; Confederate ${r.csa.dice.join(',')} = ${r.csa.total}.`,
    target,
  )
  if (!r.unionWins) {
    if (r.vp) run.vp(r.vp, '11.66', `The assault on ${run.name(target)} fails`)
    else run.say('11.66', `The assault on ${run.name(target)} fails on a tie: no points change hands.`, target)
    if (ships && retreatTo) {
      for (const s of ships) s.at = retreatTo
      run.say('10.44', `${ships.map((s) => s.id).join(', ')} fall back to ${run.name(retreatTo)}.`, retreatTo)
    }
    return
  }
  const losses = captureLosses(run.dice, run.pack.map, run.s.control, target, new Set(run.s.once))
  run.s.control[target] = 'USA'
  run.remove(batteries.map((b) => b.id))
  run.vp(r.vp, '11.67', `${run.name(target)} falls to the Union`)
  if (losses.cityLost) {
    emancipation(run)
    run.s.citiesLost += 1
    run.vp(
      losses.vp,
      '11.68',
      `The loss of ${run.name(target)} (${losses.onceTaken.length ? `with the once-a-game loss for ${losses.onceTaken.join(', ')}` : 'one die'})`,
    )
    run.s.once.push(...losses.onceTaken)
    if (target === 'ATLA' || target === 'RICH') run.s.razed.push(target)
  }
  // Confederate ships caught in the fallen space: warships are lost, runners and raiders run for it (10.42).
  for (const c of run.piecesAt(target, 'CSA')) {
    if ((c.type === 'runner' || c.type === 'raider') && ships?.length) {
      const escaped = meet(
        run,
        c,
        ships.filter((s) => s.type === 'sloop' || s.type === 'gunboat'),
      )
      // Ruling RR-C2: one that escapes goes to the port's station, or is lost where there is none.
      const station = run.space(target).kind === 'oceanPort' ? `${target}.BS` : null
      if (escaped && station) c.at = station
      else if (escaped) run.remove([c.id])
    } else run.remove([c.id])
  }
}

function moveUnion(run: PhaseRun, cmd: Extract<RrCommand, { kind: 'move' }>, tactics: Map<string, number>): void {
  const move = stackOf(run, cmd, 'USA')
  if (!move) return
  let ships = move.ships
  const names = () => ships.map((x) => x.id).join(', ')
  const moves = () => (ships.length > 1 ? 'move' : 'moves')
  const path = [ships[0]!.at]
  const flush = () => {
    if (path.length > 1) run.say('7.3', `${names()} ${moves()} ${path.join(' > ')}.`)
    path.splice(0, path.length, ships[0]!.at)
  }
  for (const step of move.steps) {
    const at = ships[0]!.at
    if ('enter' in step) {
      const from = at
      for (const x of ships) x.at = step.enter
      path.push(step.enter)
      const here = run.space(step.enter)
      const isAssault =
        run.holder(here.id) === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(here.kind)
      if (isAssault && (run.s.unionPawns < 1 || (here.kind === 'oceanPort' && run.s.amphibiousOcean))) {
        for (const x of ships) x.at = from
        path.pop()
        flush()
        const why =
          run.s.unionPawns < 1
            ? 'no cannon pawn is left (11.1)'
            : "the turn's one amphibious assault on an ocean port is spent (11.2)"
        run.say(
          '11.1',
          `${names()} may not enter ${here.name}: ${why}; ${ships.length > 1 ? 'they stop' : 'it stops'} in ${run.name(from)}.`,
          from,
        )
        return
      }
      if (isAssault) {
        flush()
        if (here.kind === 'oceanPort') run.s.amphibiousOcean = true
        run.s.unionPawns -= 1
        run.say(
          '7.73',
          `${names()} ${ships.length > 1 ? 'enter' : 'enters'} ${here.name}: an assault (${run.s.unionPawns} cannon pawn(s) left).`,
          here.id,
        )
        if (run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider']).length) {
          const defenders = run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery'])
          const fight = fightHere(run, ships, defenders, '10.1', {
            shields: true,
            from,
            defenderTo: defenderRetreat(run, here.id, 'CSA'),
          })
          ships = ships.filter((x) => !fight.lost.has(x.id))
          if (!ships.length) return
          // Falling back, or leaving a warship afloat there, is a repulse (10.41).
          if (
            fight.ended === 'attacker-retreated' ||
            run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider']).length
          ) {
            const a = run.dice.roll(`repulse at ${here.id}: first die`, 6, PUBLIC)
            const c = run.dice.roll(`repulse at ${here.id}: second die`, 6, PUBLIC)
            run.vp(Math.abs(a - c), '10.41', `The Union is repulsed from ${here.name} (dice ${a}, ${c})`)
            for (const x of ships) x.at = from
            return
          }
        }
        assault(run, here.id, tactics.get(here.id) ?? 0, from, ships)
        if (here.kind === 'oceanPort' && run.holder(here.id) === 'USA') run.s.takenFromSea.push(here.id)
        return
      }
      const foes = here.kind === 'blockadeStation' ? run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']) : []
      if (foes.length) {
        flush()
        const fight = fightHere(run, ships, run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider']), '7.75', {
          from,
          defenderTo: defenderRetreat(run, here.id, 'CSA'),
        })
        ships = ships.filter((x) => !fight.lost.has(x.id))
        if (!ships.length || fight.ended === 'attacker-retreated') return
        if (run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']).length) return
      }
      continue
    }
    if (step.action === 'SEARCH') {
      flush()
      const target = run.s.pieces.find((x) => x.id === step.target && x.side === 'CSA' && x.at === at)
      if (!target) {
        run.say(
          '7.75',
          `${names()} ${ships.length > 1 ? 'search' : 'searches'} ${run.name(at)} for ${step.target}, which is no longer there.`,
          at,
        )
        continue
      }
      run.say('7.75', `${names()} ${ships.length > 1 ? 'search' : 'searches'} ${run.name(at)} for ${target.id}.`, at)
      // Every ship of a searching stack is a sloop or gunboat: the order's check refused any other (7.35-7.36, 7.61).
      const searchers = ships.filter((x) => x.type === 'sloop' || x.type === 'gunboat')
      meet(run, target, searchers)
    }
  }
  flush()
}

/**
 * RB 17.3: from 1863 the first Union capture of a Confederate port or city, or the first defeat of a
 * Confederate counterattack, brings the Emancipation Proclamation: two 2-VP cargo markers leave the
 * game. (Its card effects, and the reshuffle of both decks, come with the cards.)
 */
function emancipation(run: PhaseRun): void {
  if (run.s.emancipated || dateOf(run.s.turn).year < 1863) return
  run.s.emancipated = true
  run.say(
    '17.3',
    'The Emancipation Proclamation: Europe turns from the Confederacy; two 2-VP cargo markers leave the game.',
  )
}

/** RB 11.9: a Confederate counterattack with its grey pawn; a win gives the space back (11.92, 11.94). */
function counterattack(run: PhaseRun, target: string, from: string): void {
  if (run.s.csaPawns < 1) return run.say('11.9', `No counterattack is left for ${run.name(target)}.`)
  if (run.holder(target) !== 'USA' || run.holder(from) !== 'CSA')
    return run.say(
      '11.9',
      `The counterattack on ${run.name(target)} from ${run.name(from)} no longer has its footing: not made.`,
    )
  run.s.csaPawns -= 1
  const r = rollCounterattack(run.dice, target, { year: dateOf(run.s.turn).year })
  run.say(
    '11.91',
    `Counterattack on ${run.name(target)} from ${run.name(from)}: Confederate ${r.csa.dice.join(',')} = ${r.csa.total}; Union ${r.union.dice.join(',')} = ${r.union.total}.`,
    target,
  )
  if (!r.csaWins) {
    run.vp(r.vp, '11.93', `The counterattack on ${run.name(target)} fails`)
    return emancipation(run)
  }
  delete run.s.control[target]
  run.vp(r.vp, '11.92', `${run.name(target)} is Confederate again`)
  const s = run.space(target)
  if (s.kind === 'oceanPort' || s.kind === 'riverPort' || s.kind === 'inlandCity') {
    run.s.citiesLost = Math.max(0, run.s.citiesLost - 1)
    run.vp(run.dice.roll(`recapture of ${target}`, 6, PUBLIC), '11.92', `${s.name} regained`)
  }
  // Union ships there fall back to the port's station or a Union port or fort up the river, or are lost (11.94).
  for (const u of run.piecesAt(target, 'USA')) {
    const to =
      s.kind === 'oceanPort'
        ? `${target}.BS`
        : run.pack.map
            .neighbours(target, ['river'])
            .find((n) => run.holder(n) === 'USA' && ['riverPort', 'fort', 'oceanPort'].includes(run.space(n).kind))
    if (to) u.at = to
    else run.remove([u.id])
    run.say('11.94', to ? `${u.id} falls back to ${run.name(to)}.` : `${u.id} has nowhere to go and is lost.`, target)
  }
}

/** RB 13: withering, then the wear and tear of war; the points are capped at 50 at the end. */
function supply(run: PhaseRun): void {
  for (const w of witheringForts(run.pack.map, run.s.control)) {
    const r = witheringVp(run.dice, w.fort, w.from)
    run.s.control[w.fort] = w.to
    run.remove(run.piecesAt(w.fort, w.from).map((p) => p.id))
    run.vp(
      r.vp,
      '13.12',
      `${run.name(w.fort)} withers on the vine and goes to the ${w.to === 'USA' ? 'Union' : 'Confederacy'} (dice ${r.dice.join(', ')})`,
    )
  }
  const need = supplyDiceCount(run.pack.map, run.s.control)
  const loss = supplyLoss(run.dice, need.count)
  run.vp(
    loss.vp,
    '13.21',
    `Wear and tear of war: ${need.count} die${need.count > 1 ? 'ice' : ''} (${loss.dice.join(', ')})${need.reasons.length ? `, as ${need.reasons.join(', ')}` : ''}`,
  )
  if (run.s.vp > 50) {
    run.s.vp = clampVp(run.s.vp)
    run.say('13.23', 'The Confederate points are capped at 50.')
  }
}

function builds(run: PhaseRun, side: Side, commands: RrCommand[]): void {
  const exchanged = commands.reduce((n, c) => n + (c.kind === 'exchange' ? c.points : 0), 0)
  if (exchanged) run.vp(-5 * exchanged, '14.31', `${exchanged} special build point(s) bought`)
  const orders: BuildOrder[] = commands
    .filter((c): c is Extract<RrCommand, { kind: 'build' }> => c.kind === 'build')
    .map((c) => ({
      line: c.line,
      what: c.what,
      ...(c.at ? { at: c.at } : {}),
      ...(c.special ? { special: true } : {}),
    }))
  const plan = planBuilds(side, orders, { ...buildContext(run.s, run.pack, 0), specialPoints: exchanged })
  for (const e of plan.errors) run.say('14', `Build order on line ${e.line} not carried out: ${e.message}.`)
  for (const n of plan.now) {
    if (n.type === 'battery' && run.holder(n.at) === 'neutral') {
      // The Confederacy takes Kentucky by a battery and pays for the violation (12.3, 12.31).
      const a = run.dice.roll('Kentucky violated: first die', 6, PUBLIC)
      const b = run.dice.roll('Kentucky violated: second die', 6, PUBLIC)
      run.s.control[n.at] = 'CSA'
      run.vp(-Math.abs(a - b), '12.31', `The Confederacy takes uncommitted ${run.name(n.at)} (dice ${a}, ${b})`)
    }
    run.say(
      side === 'CSA' ? '14.24' : '15.41',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${n.type} ${run.add(side, n.type, n.at).id} built in ${run.name(n.at)}.`,
      n.at,
    )
  }
  for (const n of plan.nextTurn) {
    if (n.type === 'pawn') run.s.pawnsNext += 1
    else if (n.type === 'counterattack') run.s.csaPawnsNext += 1
    else run.s.arriving.push({ turn: run.s.turn + 1, side, type: n.type, at: n.at })
    run.say(
      side === 'CSA' ? '14.24' : '15.43',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${n.type === 'pawn' ? 'extra assault' : n.type} ordered for next turn.`,
    )
  }
  if (plan.vp) run.vp(plan.vp, '14.24', 'Raider built')
}

/** Pieces due this turn take their places (14.22, 15.22): Confederate ironclads in a port of his (ruling RR-B2), Union ones where built. */
function arrivals(run: PhaseRun, side: Side): void {
  const due = run.s.arriving.filter((a) => a.side === side && a.turn <= run.s.turn)
  run.s.arriving = run.s.arriving.filter((a) => !due.includes(a))
  const used = new Set<string>()
  for (const a of due) {
    let at = a.at
    if (!at) {
      at =
        run.pack.map.spaces.find(
          (s) => (s.kind === 'oceanPort' || s.kind === 'riverPort') && run.holder(s.id) === 'CSA' && !used.has(s.id),
        )?.id ?? null
      if (!at) {
        run.say('14.22', `No Confederate port is left for the new ironclad: it is lost.`)
        continue
      }
      used.add(at)
    }
    run.say(
      side === 'CSA' ? '14.22' : '15.22',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${a.type} ${run.add(side, a.type, at).id} arrives in ${run.name(at)}.`,
      at,
    )
  }
}

/** Pieces over a stacking limit after a phase are lost, the latest to arrive first (6.12). */
function enforceStacking(run: PhaseRun): void {
  for (const { piece, why } of overStacked(run.s.pieces, run.pack, run.arrived)) {
    run.remove([piece.id])
    run.say('6.12', `${piece.id} is removed: ${why}.`, piece.at)
  }
}

/** Resolves the open phase with the phasing side's orders. */
export function resolvePhase(run: PhaseRun, commands: RrCommand[]): void {
  resolveCommands(run, commands)
  enforceStacking(run)
}

function resolveCommands(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  // Standing choices take effect at once and stand until changed.
  const side: Side = s.phase.startsWith('csa') ? 'CSA' : 'USA'
  for (const c of commands)
    if (c.kind === 'policy')
      s.policies[side] = [...s.policies[side].filter((p) => p.scope !== c.policy.scope), c.policy]
    else if (c.kind === 'intercept') {
      if (c.at === 'ALL') s.intercept = {}
      s.intercept[c.at] = c.how
    }
  switch (s.phase) {
    case 'csa-move':
      s.raids = {}
      for (const c of commands) {
        if (c.kind === 'move') moveConfederate(run, c)
        else if (c.kind === 'counterattack') counterattack(run, c.target, c.from)
      }
      s.csaPawns = 0
      supply(run)
      s.phase = 'csa-build'
      return
    case 'csa-build':
      arrivals(run, 'CSA')
      builds(run, 'CSA', commands)
      s.phase = 'union-move'
      return
    case 'union-move': {
      const tactics = new Map<string, number>()
      for (const c of commands) if (c.kind === 'tactics') tactics.set(c.target, c.tactics)
      for (const c of commands) {
        if (c.kind === 'move') moveUnion(run, c, tactics)
        else if (c.kind === 'assault') {
          if (s.unionPawns < 1) {
            run.say('11.1', `No cannon pawn is left for the assault on ${run.name(c.target)}.`)
            continue
          }
          if (s.takenFromSea.includes(c.from)) {
            run.say('11.8', `No assault may start from ${run.name(c.from)} the turn it was taken from the sea.`)
            continue
          }
          if (run.holder(c.target) !== 'CSA' && run.holder(c.target) !== 'neutral') {
            run.say('11', `${run.name(c.target)} is no longer Confederate: no assault.`)
            continue
          }
          s.unionPawns -= 1
          assault(run, c.target, c.tactics, null, null)
        }
      }
      s.phase = 'union-build'
      return
    }
    case 'union-build': {
      arrivals(run, 'USA')
      for (const at of UNION_FREE_GUNBOATS)
        if (run.holder(at) === 'USA')
          run.say('15.33', `Free Union gunboat ${run.add('USA', 'gunboat', at).id} in ${run.name(at)}.`, at)
      builds(run, 'USA', commands)
      const win = unionVictory(run.pack.map, s.control, s.vp, s.turn >= LAST_TURN)
      if (win) {
        s.finished = true
        s.winner = 'USA'
        s.result = `Union victory: ${win}`
      } else if (s.turn >= LAST_TURN) {
        s.finished = true
        s.winner = 'CSA'
        s.result = `Confederate victory: the Union has not won by the end of turn ${s.turn} (16.12)`
      }
      if (s.finished) run.say('16', s.result!)
      else {
        s.turn += 1
        s.phase = 'csa-move'
        s.unionPawns = 2 + s.pawnsNext
        s.pawnsNext = 0
        // Pawns not used are lost (15.64); the limits of 11.2 and 11.8 start again.
        s.csaPawns = s.csaPawnsNext
        s.csaPawnsNext = 0
        s.amphibiousOcean = false
        s.takenFromSea = []
      }
      return
    }
  }
}
