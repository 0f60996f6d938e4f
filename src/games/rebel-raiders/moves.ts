// The moves of a phase (RB 7-12): a Confederate ship's or stack's move with its loading, raids and
// attacks; a Union move with its searches and assaults; counterattacks (11.9) and the Emancipation
// Proclamation they or a capture may set off (17.3).
import { answerAssault, answerAssaultResult } from './reactions.ts'
import { armedMerchantman, landedValue, satinAndLace, shipsEntering } from './cardMoments.ts'
import { afterAssaultCard, assaultForbidden, generalsDice, grantReroll, rerollAssault } from './cardAssaults.ts'
import { emancipationDecks } from './cards.ts'
import { PUBLIC } from '../contract.ts'
import {
  type AssaultKind,
  captureLosses,
  matchBonus,
  rollAssault,
  rollCounterattack,
  scoreAssault,
  unionAssaultDice,
} from './assault.ts'
import type { RrCommand } from './orderTypes.ts'
import { raidResult } from './speed.ts'
import { type RrPiece, dateOf } from './state.ts'
import type { PhaseRun } from './phaseRun.ts'
import { pawnFor, spendPawn } from './pawns.ts'
import { raidMod } from './evasionCards.ts'
import { defenderRetreat, dropOrPick, fightHere, interceptors, meet, stackOf } from './encounters.ts'

export function moveConfederate(run: PhaseRun, cmd: Extract<RrCommand, { kind: 'move' }>): void {
  const move = stackOf(run, cmd, 'CSA')
  if (!move) return
  let ships = move.ships
  let p = ships[0]!
  const names = () => ships.map((x) => x.id).join(', ')
  const path: string[] = [p.at]
  /** The space the stack entered its present one from (a raider falls back there, #43). */
  let cameFrom: string | null = null
  for (const step of move.steps) {
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      if (path.length > 1) run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
      path.splice(0, path.length, p.at)
      ships = dropOrPick(run, ships, step, p.at, cmd.commander)
      if (!ships.length) return
      p = ships[0]!
      continue
    }
    if ('enter' in step) {
      cameFrom = p.at
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
      const value =
        p.cargo !== undefined ? null : run.space(p.at).european && run.cargoFree(2) ? 2 : run.cargoFree(1) ? 1 : null
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
      const marker = p.cargo ?? 0
      if (marker) satinAndLace(run, p)
      const value = landedValue(run.s, marker)
      delete p.cargo
      run.vp(
        value,
        '9.21',
        `${p.id} lands its cargo in ${run.name(p.at)}${value !== marker ? ` (a ${marker}-VP marker worth ${value} this turn)` : ''}`,
      )
      if (!value) run.say('9.21', `${p.id} has no cargo to land in ${run.name(p.at)}.`, p.at)
      for (const b of run.takeBonuses('unload', p.id))
        if (value) run.vp(b.amount, `#${b.card}`, `#${b.card} ${run.cardName(b.card)} on ${p.id}'s cargo`)
    } else if (step.action === 'RAID') {
      for (let n = 0; n < step.times; n++) {
        const key = `${p.id}@${p.at}`
        const prior = run.s.raids[key] ?? 0
        run.s.raids[key] = prior + 1
        const sloops = run.piecesAt(p.at, 'USA', ['sloop'])
        if (sloops.length && !meet(run, p, sloops, prior)) return
        if (armedMerchantman(run, p, cameFrom)) return
        const r = raidResult(run.dice, p.id, run.space(p.at).kind, step.boost, raidMod(run, p))
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
export function assault(
  run: PhaseRun,
  target: string,
  tactics: number,
  retreatTo: string | null,
  ships: RrPiece[] | null,
  kind: AssaultKind = ships ? 'amphibious' : 'river',
): void {
  if (run.holder(target) === 'neutral') {
    // Uncommitted Kentucky falls without dice, and the Confederacy gains by the violation (12.2).
    const a = run.dice.roll('Kentucky violated: first die', 6, PUBLIC)
    const b = run.dice.roll('Kentucky violated: second die', 6, PUBLIC)
    run.s.control[target] = 'USA'
    run.vp(Math.abs(a - b), '12.2', `The Union takes uncommitted ${run.name(target)} (dice ${a}, ${b})`)
    return
  }
  const answer = answerAssault(run, target, kind)
  if (answer.cancelled) {
    answer.settle(false)
    if (ships && retreatTo) for (const s of ships) s.at = retreatTo
    return
  }
  const batteries = run.piecesAt(target, 'CSA', ['battery'])
  const bonuses = run.takeBonuses('assault', target, kind)
  const extra = bonuses.reduce((n, b) => n + b.amount, 0) + generalsDice(run, target, kind)
  const year = dateOf(run.s.turn).year
  // The Union always rolls at least one die (11.63), whatever the cards take away.
  const unionDice = Math.max(1, unionAssaultDice(year) - tactics + extra - answer.unionDiceLess)
  const firstRoll = rollAssault(run.dice, target, {
    year,
    tactics,
    batteries: batteries.length,
    extraUnionDice: unionDice - (unionAssaultDice(year) - tactics),
    extraCsaDice: answer.csaDiceMore,
  })
  const cards = bonuses.map((b) => `#${b.card}`).join(', ')
  run.say(
    '11.62',
    `Assault on ${run.name(target)}: Union ${firstRoll.union.dice.join(',')}${tactics ? ` with tactics +${tactics}` : ''}${extra ? ` (${extra} die from ${cards})` : ''} = ${firstRoll.union.total}; Confederate ${firstRoll.csa.dice.join(',')} = ${firstRoll.csa.total}.`,
    target,
  )
  let r = rerollAssault(run, target, kind, firstRoll, answer.noUnionRerolls)
  if (!r.unionWins && kind !== 'amphibious' && !answer.noUnionRerolls) {
    const again = grantReroll(run, target, r.csa.dice)
    if (again) r = scoreAssault(r.union.dice, again, r.union.tactics)
  }
  // #80 Rally, Men!: while losing, the Confederacy rolls again every die but its highest, up to twice (ruling RR-K10).
  for (let n = 1; n <= answer.csaRerolls && r.unionWins && r.csa.dice.length > 1; n++) {
    const c = [...r.csa.dice]
    const high = c.indexOf(Math.max(...c))
    for (let i = 0; i < c.length; i++)
      if (i !== high) c[i] = run.dice.roll(`assault on ${target}: Confederate die ${i + 1} rallied (${n})`, 6, PUBLIC)
    r = scoreAssault(r.union.dice, c, r.union.tactics)
    run.say('#80', `Rally, Men!: Confederate ${c.join(',')} = ${r.csa.total} against ${r.union.total}.`, target)
  }
  if (!r.unionWins && answer.doubleLoss) r.vp *= 2
  const result = answerAssaultResult(run, target, r.unionWins)
  if (!r.unionWins) r.vp *= result.vpTimes
  for (const b of bonuses) afterAssaultCard(run, b.card, r.unionWins)
  answer.settle(r.unionWins)
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
  // #107 The South Shall Rise: a counterattack at once, free of a pawn.
  if (result.riseAgain) counterattack(run, target, null)
}

export function moveUnion(
  run: PhaseRun,
  cmd: Extract<RrCommand, { kind: 'move' }>,
  tactics: Map<string, number>,
): void {
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
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      flush()
      ships = dropOrPick(run, ships, step, at, cmd.commander)
      if (!ships.length) return
      continue
    }
    if ('enter' in step) {
      const from = at
      for (const x of ships) x.at = step.enter
      path.push(step.enter)
      const here = run.space(step.enter)
      const isAssault =
        run.holder(here.id) === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(here.kind)
      const barred = isAssault ? assaultForbidden(run.s, run.pack, here.id) : null
      const use = isAssault && !barred ? pawnFor(run.s, run.pack, here.id, true) : null
      if (isAssault && (barred || (use !== 'sea' && use !== 'normal'))) {
        for (const x of ships) x.at = from
        path.pop()
        flush()
        run.say(
          '11.1',
          `${names()} may not enter ${here.name}: ${barred ?? use}; ${ships.length > 1 ? 'they stop' : 'it stops'} in ${run.name(from)}.`,
          from,
        )
        return
      }
      if (isAssault) {
        flush()
        spendPawn(run.s, run.pack, here.id, use as 'sea' | 'normal', true)
        // #24's landings roll a die more.
        if (use === 'sea')
          run.s.pending.push({ card: 24, on: 'assault', at: here.id, amount: 1, kinds: ['amphibious'] })
        run.say(
          '7.73',
          `${names()} ${ships.length > 1 ? 'enter' : 'enters'} ${here.name}: an assault (${run.s.unionPawns} cannon pawn(s) left${use === 'sea' ? ', a #24 landing' : ''}).`,
          here.id,
        )
        // The Confederate answers to ships entering (#81) come before the fight.
        ships = shipsEntering(run, here.id, ships, from)
        if (!ships.length) return
        // Warships or batteries there: a naval combat first (10.1-10.2); against batteries alone the Union fights at least a round (10.25).
        if (run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery']).length) {
          const defenders = run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery'])
          const fight = fightHere(run, ships, defenders, '10.1', {
            shields: true,
            from,
            defenderTo: defenderRetreat(run, here.id, 'CSA'),
          })
          ships = ships.filter((x) => !fight.lost.has(x.id))
          if (!ships.length) return
          // Falling back, or leaving a warship fighting there, is a repulse (10.41).
          const warships = run
            .piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider'])
            .filter((x) => !fight.setAside.has(x.id))
          if ((fight.ended === 'attacker-retreated' && !fight.stoppedBombarding) || warships.length) {
            const a = run.dice.roll(`repulse at ${here.id}: first die`, 6, PUBLIC)
            const c = run.dice.roll(`repulse at ${here.id}: second die`, 6, PUBLIC)
            run.vp(Math.abs(a - c), '10.41', `The Union is repulsed from ${here.name} (dice ${a}, ${c})`)
            for (const x of ships) x.at = from
            return
          }
          // Ships a card sent out of the fight (#13, #15) do not land.
          ships = ships.filter((x) => x.at === here.id)
          if (!ships.length) {
            run.say('11.3', `No Union ship is left in ${here.name} to land the assault.`, here.id)
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
 * game, three cards leave it and both decks are shuffled anew (cards.ts).
 */
export function emancipation(run: PhaseRun): void {
  if (run.s.emancipated || dateOf(run.s.turn).year < 1863) return
  run.s.emancipated = true
  run.say(
    '17.3',
    'The Emancipation Proclamation: Europe turns from the Confederacy; two 2-VP cargo markers leave the game.',
  )
  // Trent, Maximillian and Royal Navy leave the game and both decks are shuffled anew (17.33). The
  // effects of those cards in play end with them (they come with the card effects).
  emancipationDecks(run)
}

/**
 * RB 11.9: a Confederate counterattack with its grey pawn; a win gives the space back (11.92, 11.94).
 * `from` null is a card's free counterattack (#107), which needs neither a pawn nor a line to the space.
 */
export function counterattack(run: PhaseRun, target: string, from: string | null): void {
  if (from !== null && run.s.csaPawns < 1) return run.say('11.9', `No counterattack is left for ${run.name(target)}.`)
  if (run.holder(target) !== 'USA' || (from !== null && run.holder(from) !== 'CSA'))
    return run.say(
      '11.9',
      `The counterattack on ${run.name(target)}${from ? ` from ${run.name(from)}` : ''} no longer has its footing: not made.`,
    )
  if (from !== null) run.s.csaPawns -= 1
  let r = rollCounterattack(run.dice, target, {
    year: dateOf(run.s.turn).year,
    extraUnionDice: generalsDice(run, target, 'land'),
  })
  const grant = r.csaWins ? grantReroll(run, target, r.csa.dice) : null
  if (grant) {
    const attack = Math.max(...grant) + matchBonus(grant)
    r = {
      ...r,
      csa: { dice: grant, total: attack },
      csaWins: attack >= r.union.total,
      unionWins: attack < r.union.total,
      vp: attack - r.union.total,
    }
  }
  run.say(
    '11.91',
    `Counterattack on ${run.name(target)}${from ? ` from ${run.name(from)}` : ' (free)'}: Confederate ${r.csa.dice.join(',')} = ${r.csa.total}; Union ${r.union.dice.join(',')} = ${r.union.total}.`,
    target,
  )
  const hood = from === null ? [] : run.takeBonuses('counterattack', 'ANY')
  if (!r.csaWins) {
    const doubled = hood.length ? 2 : 1
    run.vp(
      r.vp * doubled,
      '11.93',
      `The counterattack on ${run.name(target)} fails${doubled > 1 ? ' (doubled by #89)' : ''}`,
    )
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
