// What a moving ship runs into (7.75-7.78, 10): the speed roll and search against a runner or
// raider, the Union ships that may intercept, the stack a side fights with, a battle in a space and
// the defender's retreat.
import { ferryUsed } from './moveCards.ts'
import { type Battle, battle, type Unit } from './combat.ts'
import { defenceTactic, wantsRetreat } from './policies.ts'
import { openBattle } from './battleCards.ts'
import { type Scene, unitWithCards } from './battleCardTable.ts'
import type { MoveStep } from './movement.ts'
import { checkStack } from './stack.ts'
import { usesRule } from './optionalRules.ts'
import { dateOf } from './state.ts'
import { commandLimit, leaveCommand } from './commanders.ts'
import type { RrCommand } from './orderTypes.ts'
import { moveContext } from './position.ts'
import type { Side } from './setup.ts'
import { type Interception, intercept, type Searcher } from './speed.ts'
import type { RrPiece } from './state.ts'
import type { PhaseRun } from './phaseRun.ts'
import { damageable, settleDamage } from './ironcladDamage.ts'
import { answerInterception, csaSpeedMod, runnerAfterDice } from './evasionCards.ts'
import { housatonicSpeed } from './rerollCards.ts'
import { attackersLeftBehind, defenderRetreats, defenderRetreatTo, leftBehind, raiderRetreatTo } from './retreats.ts'
import { applyShields, targetingFor } from './aims.ts'

export interface MeetOptions {
  /** A search's +1 or +2 bought with movement points (7.76). */
  boost?: number
  /** The station whose standing INTERCEPT order a search after a capture follows (10.43). */
  station?: string
  /** The space the raider entered this one from: where it retreats by default (10.36). */
  from?: string
}

/**
 * A runner or raider meets Union ships (7.75-7.78): the speed roll; a caught runner is sunk, a
 * caught raider fights the winners best first and may slip away after its first round against the
 * last of them (10.36). Returns whether the Confederate ship is still afloat and free to go on.
 */
export function meet(
  run: PhaseRun,
  target: RrPiece,
  searchers: RrPiece[],
  priorRaids = 0,
  opts: MeetOptions = {},
): boolean {
  // The Union's answers to an evasion come before the dice (7.78, 17.21): a named ship's bonus, or #12.
  const answer = answerInterception(run, target, searchers)
  if (answer === 'sunk') return false
  if (answer === 'escaped') return true
  const r = speedRoll(run, target, searchers, priorRaids, opts)
  const where = run.space(target.at)
  const union = r.union.map((u) => `${u.ships.join('+')} ${u.total}`).join(', ')
  // 18.26 from 1863: a natural 6 by a roll with a gunboat in a blockade station takes the runner outright.
  const gunboatSix =
    usesRule(run.s, '18.26') &&
    dateOf(run.s.turn).year >= 1863 &&
    target.type === 'runner' &&
    where.kind === 'blockadeStation' &&
    r.union.some((u) => u.die === 6 && u.ships.some((id) => searchers.some((x) => x.id === id && x.type === 'gunboat')))
  if (gunboatSix) {
    run.remove([target.id])
    run.say(
      '18.26',
      `${target.id} is caught by a gunboat's 6 in ${where.name} (Union ${union}) and destroyed.`,
      where.id,
    )
    return false
  }
  if (!r.evaded && runnerAfterDice(run, target, r)) return true
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
  for (const [i, group] of r.winners.entries())
    if (!fightCaught(run, target, group.ships, i === r.winners.length - 1, opts)) return false
  return true
}

/** The speed roll or search itself (7.78), with the cards cast after the dice (#27). */
function speedRoll(
  run: PhaseRun,
  target: RrPiece,
  searchers: RrPiece[],
  priorRaids: number,
  opts: MeetOptions,
): Interception {
  const where = run.space(target.at)
  // 10.43: a search in a captured port follows the blockade station procedure, with the Union's stack-or-each order there.
  const standing = opts.station
    ? (run.s.intercept[opts.station] ?? run.s.intercept.ALL)
    : (run.s.intercept[where.id] ?? run.s.intercept.ALL)
  const rolled = intercept(
    run.dice,
    { id: target.id, type: target.type as 'runner' | 'raider' },
    where.kind,
    searchers.map(
      (x): Searcher => ({ id: x.id, type: x.type as 'sloop' | 'gunboat', mod: run.s.speedBonus[x.id]?.amount ?? 0 }),
    ),
    {
      priorRaids,
      asStack: standing === 'stack',
      stationProcedure: !!opts.station,
      union: opts.boost ?? 0,
      csa: csaSpeedMod(run, target),
    },
  )
  // #27 after the dice: a sloop's roll that lost may be cast again.
  return housatonicSpeed(run, target, searchers, rolled, priorRaids)
}

/**
 * A raider caught fights the ships of one winning roll (7.78, 10.3); it may break off only after a
 * round against the last of them (10.36). Returns whether it is afloat and free to go on.
 */
function fightCaught(run: PhaseRun, target: RrPiece, ids: string[], last: boolean, opts: MeetOptions): boolean {
  const where = run.space(target.at)
  const attackers = ids.map((id) => run.s.pieces.find((p) => p.id === id)).filter((p): p is RrPiece => !!p)
  const scene: Scene = {
    where: where.id,
    attackerSide: 'USA',
    attackers: attackers.map((x) => unitWithCards(run, x)),
    defenders: [unitWithCards(run, target)],
  }
  const cards = openBattle(run, scene)
  const b = battle(run.dice, scene.attackers, scene.defenders, {
    attackerTargets: targetingFor(run.s, 'USA'),
    defenderTargets: targetingFor(run.s, 'CSA'),
    beforeRound: cards.beforeRound,
    // By default a raider breaks off when it may.
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
  cards.close(sunk, b.ended.startsWith('defender') ? 'CSA' : b.ended.startsWith('attacker') ? 'USA' : null)
  const notes = b.rounds.flatMap((r, i) => r.notes.map((n) => `round ${i + 1}: ${n}`))
  run.say(
    '10.3',
    `${target.id} fights ${ids.join(', ')}: ${b.rounds.length} round(s); ${sunk.size ? `sunk: ${[...sunk].join(', ')}` : 'nothing sunk'}${notes.length ? `; ${notes.join('; ')}` : ''}${b.ended === 'defender-retreated' ? `; ${target.id} breaks off` : ''}.`,
    where.id,
  )
  if (sunk.has(target.id)) return false
  if (b.ended !== 'defender-retreated') return true
  // 10.36: a raider that broke off goes where its player chooses, and moves no further this turn (7.1).
  const to = raiderRetreatTo(run, target.id, where.id, opts.from ?? null)
  if (to) {
    target.at = to
    run.say('10.36', `${target.id} retreats to ${run.name(to)}.`, to)
  }
  return false
}

/** The Union ships that intercept a Confederate ship entering `at` (7.75-7.76, ruling on digest A3). */
export function interceptors(run: PhaseRun, p: RrPiece, at: string): RrPiece[] {
  const kind = run.space(at).kind
  // A sloop towing an ironclad neither searches nor intercepts (7.61).
  const free = (ships: RrPiece[]) => ships.filter((x) => !run.s.towing?.[x.id])
  if (kind === 'blockadeStation') return free(run.piecesAt(at, 'USA', ['sloop', 'gunboat']))
  if (kind === 'coastal') return free(run.piecesAt(at, 'USA', ['sloop']))
  if ((kind === 'highSeas' || kind === 'whaling') && p.type === 'raider')
    return free(run.piecesAt(at, 'USA', ['sloop']))
  return []
}

/** The ships of a move as they stand now, checked again against the position (earlier moves may have changed it). */
export function stackOf(
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
  const check = checkStack(moveContext(run.s, run.pack), ships, cmd.steps, {
    moved: run.arrived,
    ...(cmd.commander ? { limit: commandLimit(run.s, run.pack, cmd.commander) } : {}),
  })
  if (!check.ok) {
    run.say(
      '7',
      `${ships.map((x) => x.id).join(', ')} cannot move as ordered (${check.step ? `step ${check.step}: ` : ''}${check.error}); ${ships.length > 1 ? 'they stay' : 'it stays'}.`,
    )
    return null
  }
  const start = ships[0]!.at
  if (check.ferried) {
    ferryUsed(run.s)
    run.say(
      '#44',
      `USS Coeur de Lion carries ${ships.map((x) => x.id).join(', ')} from the Navy Yards to their station.`,
    )
  }
  for (const x of ships) run.arrived.add(x.id)
  // Ships given a move of their own leave their commander (7.52).
  if (!cmd.commander) leaveCommand(run.s, ids)
  const steps = cmd.steps[0] && 'enter' in cmd.steps[0] && cmd.steps[0].enter === start ? cmd.steps.slice(1) : cmd.steps
  return { ships, steps }
}

/** How a fight in a space ended for the moves that follow it. */
export interface Fight {
  lost: Set<string>
  ended: Battle['ended']
  /** The Union stopped fighting batteries that were all that was left (10.25): the assault goes in. */
  stoppedBombarding: boolean
  /** Defenders a card took out of the fight that had nowhere to go: still in the space, but out of it (#38, #47, #70). */
  setAside: Set<string>
}

/**
 * A fight in a space between the moving ships and the enemy there (10.3), with the cards either
 * side plays at its start (battleCards.ts). Each round the Confederate defender of a port with ships
 * and batteries picks his tactic by his standing orders (10.12); after it the attacker may fall back
 * to `from`, and the defender (where 10.36 gives its ships somewhere to go: `defenderRetreats`) as their
 * battle orders say, those with nowhere to go fighting on. Against batteries alone the Union's RETREAT ends the naval combat instead, and
 * by default it stops after the first round (10.25; the play book's Fort Jackson example).
 */
export function fightHere(
  run: PhaseRun,
  attackers: RrPiece[],
  defenders: RrPiece[],
  rule: string,
  opts: { shields?: boolean; from: string },
): Fight {
  // A damaged ironclad takes no part in a fight (18.251).
  const units = attackers.filter((p) => !p.damaged).map((p) => unitWithCards(run, p))
  const aSide = attackers[0]!.side
  const dSide: Side = aSide === 'CSA' ? 'USA' : 'CSA'
  const where = attackers[0]!.at
  const scene: Scene = {
    where,
    attackerSide: aSide,
    attackers: units,
    defenders: defenders.map((p) => unitWithCards(run, p)),
  }
  // The cards come first: a ship they name may change its type (#18), which the shield must know.
  const firstTactic =
    aSide === 'USA' && scene.defenders.some((u) => u.type === 'battery')
      ? defenceTactic(run.s.policies.CSA, where, {
          round: 1,
          lost: 0,
          left: scene.defenders.filter((u) => u.type !== 'battery').length,
          foes: units.length,
          batteries: scene.defenders.filter((u) => u.type === 'battery').length,
        }).tactic
      : 'combined'
  const cards = openBattle(run, scene, { sortieFirst: firstTactic === 'sortie' })
  damageable(run, [...scene.attackers, ...scene.defenders])
  // The Union shields its ships against batteries as its orders say, else what it can (10.21).
  if (opts.shields) applyShields(run.s, units)
  const alive = (ids: Unit[]) => ids.filter((u) => run.s.pieces.some((p) => p.id === u.id))
  scene.attackers = alive(scene.attackers)
  if (!scene.attackers.length)
    return { lost: new Set(), ended: 'attacker-gone', stoppedBombarding: false, setAside: new Set() }
  const ships = (u: Unit[]) => u.filter((x) => x.type !== 'battery')
  const batteries = (u: Unit[]) => u.length - ships(u).length
  const startShips = ships(scene.defenders).length
  const mayGo = (u: Unit) => {
    const p = run.s.pieces.find((x) => x.id === u.id)
    return !!p && defenderRetreats(run, where, p).length > 0
  }
  const asks = (side: Side, mine: Unit[], foes: Unit[], round: number, start: number, attacking: boolean) =>
    wantsRetreat(
      run.s.policies[side],
      mine.map((x) => x.id),
      {
        round,
        lost: start - mine.length,
        left: mine.length,
        foes: ships(foes).length,
        attacking,
        batteries: batteries(foes),
      },
      attacking && ships(foes).length === 0 && batteries(foes) > 0 ? 'RETREAT' : 'FIGHT',
    ).retreat
  const b = battle(run.dice, scene.attackers, scene.defenders, {
    attackerTargets: targetingFor(run.s, aSide),
    defenderTargets: targetingFor(run.s, dSide),
    tactic: (round, d, a) =>
      cards.forceCombined
        ? 'combined'
        : defenceTactic(run.s.policies.CSA, where, {
            round,
            lost: startShips - ships(d).length,
            left: ships(d).length,
            foes: ships(a).length,
            batteries: batteries(d),
          }).tactic,
    beforeRound: cards.beforeRound,
    attackerRetreats: (round, a, d) => asks(aSide, a, d, round, attackers.length, true),
    defenderRetreats: (round, a, d) => ships(d).some(mayGo) && asks(dSide, ships(d), a, round, startShips, false),
    defendersLeftBehind: (d) => leftBehind(run, where, d),
    attackersLeftBehind: (a) => attackersLeftBehind(run, where, opts.from, a),
  })
  const lost = new Set(b.rounds.flatMap((x) => x.destroyed))
  settleDamage(run, b, where, aSide, lost)
  const loser = b.ended.startsWith('attacker') ? aSide : b.ended.startsWith('defender') ? dSide : null
  const stoppedBombarding = b.ended === 'attacker-retreated' && aSide === 'USA' && ships(b.defenders).length === 0
  run.remove(lost)
  cards.close(lost, stoppedBombarding ? 'CSA' : loser)
  const setAside = tellFight(run, b, { rule, where, aSide, attackers, defenders, lost, stoppedBombarding, scene }, opts)
  return { lost, ended: b.ended, stoppedBombarding, setAside }
}

/** The fight told, and the ships that left it moved: withdrawn by cards, fallen back, retreated (10.36). Returns those with nowhere to go. */
function tellFight(
  run: PhaseRun,
  b: Battle,
  f: {
    rule: string
    where: string
    aSide: Side
    attackers: RrPiece[]
    defenders: RrPiece[]
    lost: Set<string>
    stoppedBombarding: boolean
    scene: Scene
  },
  opts: { from: string },
): Set<string> {
  const { rule, where, aSide, attackers, defenders, lost, stoppedBombarding, scene } = f
  const tactics = [...new Set(b.rounds.map((r) => r.tactic).filter((t) => t && t !== 'combined'))]
  const notes = b.rounds.flatMap((r, i) => r.notes.map((n) => `round ${i + 1}: ${n}`))
  run.say(
    rule,
    `Combat in ${run.name(where)}: ${scene.attackers.map((x) => x.id).join(', ')} against ${scene.defenders.map((x) => x.id).join(', ')}, ${b.rounds.length} round(s)${tactics.length ? ` (the defender: ${tactics.join(', then ')})` : ''}; ${lost.size ? `lost: ${[...lost].join(', ')}` : 'nothing lost'}${notes.length ? `; ${notes.join('; ')}` : ''}.`,
    where,
  )
  const setAside = new Set<string>()
  for (const id of b.withdrawn) {
    const p = run.s.pieces.find((x) => x.id === id)
    if (!p) continue
    const to = p.side === aSide ? opts.from : defenderRetreatTo(run, where, p)
    if (to) p.at = to
    else setAside.add(id)
    run.say(
      '10.36',
      to ? `${id} leaves the fight for ${run.name(to)}.` : `${id} is out of the fight, with nowhere to go.`,
      to ?? where,
    )
  }
  if (stoppedBombarding) run.say('10.25', `The Union ships stop fighting the batteries of ${run.name(where)}.`, where)
  else if (b.ended === 'attacker-retreated') {
    const back = attackers.filter((x) => !lost.has(x.id) && x.at === where)
    for (const x of back) x.at = opts.from
    run.say(
      '10.36',
      `${back.map((x) => x.id).join(', ')} ${back.length > 1 ? 'fall' : 'falls'} back to ${run.name(opts.from)}.`,
      opts.from,
    )
  } else if (b.ended === 'defender-retreated') {
    const away = defenders.filter((x) => !lost.has(x.id) && x.type !== 'battery' && x.at === where)
    retreatEach(run, where, away)
  }
  return setAside
}

/** Defenders retreating (10.36), each where it may go (a raider where its player chooses), told by destination. */
function retreatEach(run: PhaseRun, where: string, away: RrPiece[]): void {
  const to = new Map<string, string[]>()
  for (const x of away) {
    const dest = defenderRetreatTo(run, where, x)
    if (!dest) continue
    x.at = dest
    to.set(dest, [...(to.get(dest) ?? []), x.id])
  }
  for (const [dest, ids] of to)
    run.say('10.36', `${ids.join(', ')} ${ids.length > 1 ? 'retreat' : 'retreats'} to ${run.name(dest)}.`, dest)
}
