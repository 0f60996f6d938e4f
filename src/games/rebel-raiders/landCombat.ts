// Land combat (RB 11, 17.3): a Union assault rolled and applied with the cards that answer it, a
// Confederate counterattack with its pawn or a card's, and the Emancipation Proclamation a capture
// or a beaten counterattack may bring.
import { type AssaultAnswer, answerAssault, answerAssaultResult } from './reactions.ts'
import { afterAssaultCard, generalsDice, grantReroll, rerollAssault } from './cardAssaults.ts'
import { discardFromPlay, emancipationDecks } from './cards.ts'
import { generalIncapacitated, jacksonAfter, jacksonDice, leeAtRichmondFall, leeReroll } from './confederateGenerals.ts'
import { PUBLIC } from '../contract.ts'
import {
  type AssaultKind,
  type AssaultRoll,
  captureLosses,
  matchBonus,
  rollAssault,
  rollCounterattack,
  scoreAssault,
  tacticsAllowed,
  unionAssaultDice,
} from './assault.ts'
import { defenceTactics } from './defenceTactics.ts'
import { mustLeave } from './escapes.ts'
import { type CardBonus, type RrPiece, dateOf } from './state.ts'
import type { PhaseRun } from './phaseRun.ts'
import { meet } from './encounters.ts'
import { longstreetDice } from './landCards.ts'
import { endRoyalNavy } from './diplomacyCards.ts'
import { assaultFailed } from './optionalRolls.ts'
import { counterattackWon } from './unionResolve.ts'
import { huntsBonus } from './unionOptions.ts'
import { militiaDice } from './militia.ts'
import { withLionsRoar } from './lionsRoar.ts'
import { leeFalls } from './leeGoesWest.ts'

/** What a follow-up assault carries (#46 the same target again, #6 the next one): dice either side keeps, dice fewer, a doubled loss. */
export interface FollowUp {
  extraUnion: number
  extraCsa: number
  unionLess: number
  doubleLoss: boolean
}

/** A Union assault rolled and applied (11.6): `ships` are the Union ships in the target (amphibious) or null (river, land). */
export function assault(
  run: PhaseRun,
  target: string,
  tactics: number,
  retreatTo: string | null,
  ships: RrPiece[] | null,
  kind: AssaultKind = ships ? 'amphibious' : 'river',
  follow?: FollowUp,
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
  if (follow) {
    answer.unionDiceLess += follow.unionLess
    answer.csaDiceMore += follow.extraCsa
    answer.doubleLoss ||= follow.doubleLoss
  }
  if (answer.cancelled) {
    answer.settle(false)
    if (ships && retreatTo) for (const s of ships) s.at = retreatTo
    return
  }
  const batteries = run.piecesAt(target, 'CSA', ['battery'])
  const bonuses = run.takeBonuses('assault', target, kind)
  const extra = bonuses.reduce((n, b) => n + b.amount, 0) + generalsDice(run, target, kind) + (follow?.extraUnion ?? 0)
  // Receipt refuses tactics beyond 11.63; an order read under another year still never throws here.
  const used = Math.max(0, Math.min(tactics, tacticsAllowed(run.s)))
  const r = assaultDice(run, target, kind, used, extra, bonuses, answer, batteries.length)
  jacksonAfter(run, target)
  if (!r.unionWins && answer.doubleLoss) r.vp *= 2
  const result = answerAssaultResult(run, target, r.unionWins)
  if (!r.unionWins) r.vp *= result.vpTimes
  for (const b of bonuses) afterAssaultCard(run, b.card, r.unionWins)
  answer.settle(r.unionWins)
  if (!r.unionWins && run.s.thisTurn.includes(`dupont:${target}`) && run.s.cards.USA.inPlay.includes(54)) {
    discardFromPlay(run, 'USA', 54)
    run.say('#54', 'The assault Dupont supported fails: his card goes to the discards.', target)
  }
  // #46 One More Effort Boys!: a repulse over a river or land line is not paid; the same target again, cards and all.
  const effort = !r.unionWins && !follow && kind !== 'amphibious' ? run.takeBonuses('again', target) : []
  if (effort.length) {
    run.say(
      '#46',
      `One More Effort Boys!: the repulse at ${run.name(target)} costs nothing; the Union goes in again.`,
      target,
    )
    return assault(run, target, tactics, retreatTo, ships, kind, {
      extraUnion: extra,
      extraCsa: answer.csaDiceMore,
      unionLess: answer.unionDiceLess,
      doubleLoss: true,
    })
  }
  if (!r.unionWins) {
    assaultFailed(run)
    if (r.vp) run.vp(r.vp, '11.66', `The assault on ${run.name(target)} fails`)
    else run.say('11.66', `The assault on ${run.name(target)} fails on a tie: no points change hands.`, target)
    if (ships && retreatTo) {
      for (const s of ships) s.at = retreatTo
      run.say('10.44', `${ships.map((s) => s.id).join(', ')} fall back to ${run.name(retreatTo)}.`, retreatTo)
    }
    return
  }
  captured(run, target, r.vp, batteries, ships, kind, result.riseAgain)
}

/** The dice of an assault (11.6) with every card and general that changes them, and the rerolls after. */
function assaultDice(
  run: PhaseRun,
  target: string,
  kind: AssaultKind,
  tactics: number,
  extra: number,
  bonuses: CardBonus[],
  answer: AssaultAnswer,
  batteries: number,
): AssaultRoll {
  const year = dateOf(run.s.turn).year
  // The Union always rolls at least one die (11.63), whatever the cards take away.
  const unionDice = Math.max(1, unionAssaultDice(year) - tactics + extra - answer.unionDiceLess)
  const firstRoll = rollAssault(run.dice, target, {
    year,
    tactics,
    batteries,
    extraUnionDice: unionDice - (unionAssaultDice(year) - tactics),
    extraCsaDice:
      answer.csaDiceMore + jacksonDice(run, target) + longstreetDice(run, target) + militiaDice(run, target),
    hunts: huntsBonus(run, target),
  })
  const cards = bonuses.map((b) => `#${b.card}`).join(', ')
  run.say(
    '11.62',
    `Assault on ${run.name(target)}: Union ${firstRoll.union.dice.join(',')}${tactics ? ` with tactics +${tactics}` : ''}${extra ? ` (${extra} die from ${cards})` : ''} = ${firstRoll.union.total}; Confederate ${firstRoll.csa.dice.join(',')} = ${firstRoll.csa.total}.`,
    target,
  )
  let r = rerollAssault(run, target, kind, firstRoll, answer.noUnionRerolls)
  if (!r.unionWins && kind !== 'amphibious' && !answer.noUnionRerolls) {
    const again = grantReroll(run, target, r.csa.dice, r.union.dice)
    if (again) r = scoreAssault(again.union, again.csa, r.union.tactics)
  }
  // #80 Rally, Men!: the Confederate player rolls again the dice he chooses, up to twice.
  for (let n = 1; n <= answer.csaRerolls && r.unionWins; n++) {
    const c = [...r.csa.dice]
    const which = rallyChoice(run, target, c, r.union.total, n)
    if (!which.length) break
    for (const i of which)
      c[i] = run.dice.roll(`assault on ${target}: Confederate die ${i + 1} rallied (${n})`, 6, PUBLIC)
    r = scoreAssault(r.union.dice, c, r.union.tactics)
    run.say('#80', `Rally, Men!: Confederate ${c.join(',')} = ${r.csa.total} against ${r.union.total}.`, target)
  }
  // #60 Lee, if no other Confederate reroll was used.
  const lee = r.unionWins && !answer.csaRerolls ? leeReroll(run, target, r.csa.dice) : null
  if (lee) r = scoreAssault(r.union.dice, lee, r.union.tactics)
  return r
}

/** A won assault (11.65-11.68, 10.42): the space, its batteries and ships, the points, and the cards that follow a capture. */
function captured(
  run: PhaseRun,
  target: string,
  vp: number,
  batteries: RrPiece[],
  ships: RrPiece[] | null,
  kind: AssaultKind,
  riseAgain: boolean,
): void {
  generalIncapacitated(run, target)
  leeFalls(run, target)
  leeAtRichmondFall(run, target)
  const losses = captureLosses(run.dice, run.pack.map, run.s.control, target, new Set(run.s.once))
  run.s.control[target] = 'USA'
  run.remove(batteries.map((b) => b.id))
  run.vp(vp, '11.67', `${run.name(target)} falls to the Union`)
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
      const station = run.space(target).kind === 'oceanPort' ? `${target}.BS` : null
      const escaped = meet(
        run,
        c,
        ships.filter((s) => s.type === 'sloop' || s.type === 'gunboat'),
        0,
        { station: station ?? target },
      )
      if (escaped && c.at === target) mustLeave(run, c.id, target)
    } else run.remove([c.id])
  }
  // #107 The South Shall Rise: a counterattack at once, free of a pawn.
  if (riseAgain) counterattack(run, target, null)
  // #6 War is Cruelty: after a win over a river or land line, the next city, port or fort, a die fewer, no pawn.
  if (kind !== 'amphibious' && run.holder(target) === 'USA') {
    const next = run.s.pending.find(
      (b) =>
        b.on === 'next' &&
        run.holder(b.at) === 'CSA' &&
        run.pack.map.between(target, b.at).some((l) => l === 'land' || l === 'river'),
    )
    if (next) {
      run.s.pending = run.s.pending.filter((b) => b !== next)
      run.say(
        '#6',
        `War is Cruelty: the Union presses on from ${run.name(target)} to ${run.name(next.at)}, a die fewer.`,
        next.at,
      )
      const onward = run.pack.map.between(target, next.at).includes('land') ? 'land' : 'river'
      assault(run, next.at, 0, null, null, onward, { extraUnion: 0, extraCsa: 0, unionLess: 1, doubleLoss: false })
    }
  }
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
  withLionsRoar(run, () => emancipationDecks(run))
  // Royal Navy's sloops come home unless the Lion's Roar kept the card in play.
  if (!run.s.cards.CSA.inPlay.includes(62)) endRoyalNavy(run)
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
  const tactics = defenceTactics(run.s, target)
  let r = rollCounterattack(run.dice, target, {
    year: dateOf(run.s.turn).year,
    unionTactics: tactics,
    extraUnionDice: generalsDice(run, target, 'land'),
    extraCsaDice: jacksonDice(run, target) + longstreetDice(run, target, true),
    hunts: huntsBonus(run, target),
  })
  const grant = r.csaWins ? grantReroll(run, target, r.csa.dice, r.union.dice) : null
  const lee = !r.csaWins ? leeReroll(run, target, r.csa.dice) : null
  jacksonAfter(run, target)
  const again = grant ?? (lee ? { csa: lee, union: r.union.dice } : null)
  if (again) {
    const attack = Math.max(...again.csa) + matchBonus(again.csa)
    // The Union's modifiers (tactics, Hunt's Artillery) stay with its dice when one is rolled again.
    const defense =
      r.union.total -
      Math.max(...r.union.dice) -
      matchBonus(r.union.dice) +
      Math.max(...again.union) +
      matchBonus(again.union)
    r = {
      ...r,
      union: { ...r.union, dice: again.union, total: defense },
      csa: { dice: again.csa, total: attack },
      csaWins: attack >= defense,
      unionWins: attack < defense,
      vp: attack - defense,
    }
  }
  run.say(
    '11.91',
    `Counterattack on ${run.name(target)}${from ? ` from ${run.name(from)}` : ' (free)'}: Confederate ${r.csa.dice.join(',')} = ${r.csa.total}; Union ${r.union.dice.join(',')}${tactics ? ` with tactics +${tactics}` : ''} = ${r.union.total}.`,
    target,
  )
  const hood = from === null ? [] : run.takeBonuses('counterattack', 'ANY')
  if (!r.csaWins) {
    generalIncapacitated(run, target)
    const doubled = hood.length ? 2 : 1
    run.vp(
      r.vp * doubled,
      '11.93',
      `The counterattack on ${run.name(target)} fails${doubled > 1 ? ' (doubled by #89)' : ''}`,
    )
    return emancipation(run)
  }
  delete run.s.control[target]
  counterattackWon(run)
  run.vp(r.vp, '11.92', `${run.name(target)} is Confederate again`)
  const s = run.space(target)
  if (s.kind === 'oceanPort' || s.kind === 'riverPort' || s.kind === 'inlandCity') {
    run.s.citiesLost = Math.max(0, run.s.citiesLost - 1)
    run.vp(run.dice.roll(`recapture of ${target}`, 6, PUBLIC), '11.92', `${s.name} regained`)
  }
  // Union ships there fall back to the port's station or a Union port or fort up the river, or are lost (11.94).
  for (const u of run.piecesAt(target, 'USA')) {
    // A damaged ironclad where the enemy takes the space is destroyed (18.252).
    if (u.damaged) {
      run.remove([u.id])
      run.say('18.252', `${u.id}, damaged, is lost with ${run.name(target)}.`, target)
      continue
    }
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

/**
 * #80: which Confederate dice are rolled again, the Confederate player's answer once the dice are known:
 * every die but the highest (the default, which never lowers the defence), every die, or none.
 */
function rallyChoice(run: PhaseRun, target: string, dice: number[], against: number, n: number): number[] {
  const high = dice.indexOf(Math.max(...dice))
  const allButHigh = dice.flatMap((_, i) => (i === high ? [] : [i]))
  const options = [
    ...(allButHigh.length ? [{ id: 'others', label: `roll again every die but the highest ${dice[high]}` }] : []),
    { id: 'all', label: 'roll again every die' },
    { id: 'none', label: 'roll none again' },
  ]
  const answer = run.ask({
    decisionId: `card-80-${target}-turn-${run.s.turn}-${run.s.phase}-${n}`,
    role: 'confederate',
    question: `Rally, Men! (#80), roll ${n}: the Confederate dice at ${run.name(target)} are ${dice.join(', ')} against the Union's ${against}. Which do you roll again?`,
    options,
    defaultOption: options[0]!.id,
    situation: [`Confederate dice ${dice.join(', ')}; the Union total ${against}.`],
  })
  return answer === 'all' ? dice.map((_, i) => i) : answer === 'none' ? [] : allButHigh
}
