// The cards that act on Union assaults (PB 23, in our own words): extra dice for a named assault,
// rerolls after the dice while the Union is losing, the Siege Train's return, and the spaces the
// start-of-turn cards bar to assaults.
import { PUBLIC } from '../contract.ts'
import { type AssaultKind, type AssaultRoll, scoreAssault } from './assault.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import { dateOf, type RrState } from './state.ts'
import { BATTERY_PLACES, holder, spacesOf } from './cardPlaces.ts'
import type { CardEffect } from './cardTypes.ts'
import { addSeaPawns } from './pawns.ts'
import { csaDieToRoll, ownDiceToRoll } from './assaultRerolls.ts'

/** A card that adds Union dice to the next assault on the space it names this phase. */
export function assaultDie(kinds: ('amphibious' | 'river' | 'land')[], places: string[], what: string): CardEffect {
  return {
    phases: ['union-move'],
    check: (s, pack, _side, play) => {
      if (!play.at) return 'name the place assaulted: PLAY <card> AT <space>'
      const sp = pack.map.has(play.at) ? pack.map.space(play.at) : null
      if (!sp || !places.includes(sp.kind) || holder(s, pack, play.at) !== 'CSA') return `${play.at} is not ${what}`
      return null
    },
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'assault', at: play.at!, amount: 1, kinds })
      run.say(
        `#${play.card}`,
        `One Union die more in this phase's ${kinds.join(' or ')} assault on ${run.name(play.at!)}.`,
      )
    },
  }
}

/** What happens to a card that added its die to an assault, once the assault is over. */
export function afterAssaultCard(run: PhaseRun, card: number, unionWon: boolean): void {
  if (card !== 48) return
  // #48 Siege Train: a die, +2 for a won assault: 1-3 the card stays in the deck, 4 or more back to the hand.
  const die = run.dice.roll('#48 siege train after the assault', 6, PUBLIC)
  const total = die + (unionWon ? 2 : 0)
  if (total <= 3) {
    run.say('#48', `Siege Train: die ${die}${unionWon ? ' +2' : ''}: the card stays shuffled in the Union deck.`)
    return
  }
  const t = run.s.cards.USA
  t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((c) => c !== 48) }
  t.hand.push(48)
  run.s.thisTurn.push('played:48')
  run.say(
    '#48',
    `Siege Train: die ${die}${unionWon ? ' +2' : ''}: the card goes back to the Union hand, not to be played again this turn.`,
  )
}

/** Why a card played this turn forbids the Union to assault `target`, or null (#77, #100). */
export function assaultForbidden(s: RrState, pack: RebelPack, target: string): string | null {
  const mark = s.thisTurn.find((e) => e.startsWith(`no-assault:${target}:`))
  if (!mark) return null
  const card = Number(mark.split(':')[2])
  return `#${card} ${pack.cards.get(card)?.name ?? ''} forbids an assault on ${pack.map.space(target).name} this turn`
}

/**
 * #77 Lee Moves North, #100 Battle Flags North!: played in the Confederate build, they act at the
 * start of the Union turn that follows: before 1864 the spaces the card names may not be assaulted
 * this turn; from 1864 the Union loses a cannon pawn instead.
 */
export function northernThreat(): CardEffect {
  return {
    phases: ['csa-build'],
    check: (s, pack, _side, play) => {
      const held = (pack.cards.get(play.card)?.unionHoldsNone ?? []).filter((id) => holder(s, pack, id) === 'USA')
      return held.length ? `the Union holds ${held.map((id) => pack.map.space(id).name).join(' and ')}` : null
    },
    apply(run, _side, play) {
      if (dateOf(run.s.turn).year >= 1864) {
        run.s.unionPawns = Math.max(0, run.s.unionPawns - 1)
        run.say(`#${play.card}`, `The Union loses a cannon pawn this turn (${run.s.unionPawns} left).`)
        return
      }
      const spaces = spacesOf(run.pack, play.card)
      for (const id of spaces) run.s.thisTurn.push(`no-assault:${id}:${play.card}`)
      run.say(`#${play.card}`, `This turn the Union may not assault ${spaces.map((id) => run.name(id)).join(', ')}.`)
    },
  }
}

/** #4, #5, #7: written for an assault, held for its dice, when the Union says how it uses the card (assaultRerolls.ts). */
export function rerollCard(kinds: ('amphibious' | 'river' | 'land')[]): CardEffect {
  const die = assaultDie(kinds, [...BATTERY_PLACES], 'a Confederate city, port or fort')
  return {
    ...die,
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'reroll', at: play.at!, amount: 0, kinds })
      run.say(
        `#${play.card}`,
        `Held for the ${kinds.join(' or ')} assault on ${run.name(play.at!)}, to be used as the Union chooses once the dice are known.`,
      )
    },
  }
}

/**
 * The Union's rerolls after an assault's dice, lowest card first: #4 and #5 roll again the Union dice
 * its player names, #7 the Confederate die he names (assaultRerolls.ts). A card he does not use, or
 * one #85 Forrest bars, goes back to the Union hand.
 */
export function rerollAssault(
  run: PhaseRun,
  target: string,
  kind: 'amphibious' | 'river' | 'land',
  first: AssaultRoll,
  rerollsBarred: boolean,
): AssaultRoll {
  let r = first
  const t = run.s.cards.USA
  for (const b of run.takeBonuses('reroll', target, kind).sort((a, z) => a.card - z.card)) {
    const u = [...r.union.dice]
    const c = [...r.csa.dice]
    const own = rerollsBarred || b.card === 7 ? null : ownDiceToRoll(run, target, b.card, r)
    const theirs = !rerollsBarred && b.card === 7 ? csaDieToRoll(run, target, r) : null
    if (!own && theirs === null) {
      t.deck = { ...t.deck, discards: t.deck.discards.filter((c) => c !== b.card) }
      t.hand.push(b.card)
      run.say(
        `#${b.card}`,
        `${run.cardName(b.card)} is not used (${rerollsBarred ? '#85 Forrest bars Union rerolls' : 'the Union keeps it'}) and goes back to the hand.`,
        target,
      )
      continue
    }
    if (theirs !== null)
      c[theirs] = run.dice.roll(`assault on ${target}: Confederate die ${theirs + 1} rolled again`, 6, PUBLIC)
    for (const i of own ?? []) u[i] = run.dice.roll(`assault on ${target}: Union die ${i + 1} rolled again`, 6, PUBLIC)
    r = scoreAssault(u, c, r.union.tactics)
    run.say(
      `#${b.card}`,
      `${run.cardName(b.card)}: Union ${u.join(',')} = ${r.union.total}; Confederate ${c.join(',')} = ${r.csa.total}.`,
      target,
    )
  }
  return r
}

export const SIEGE_TRAIN = assaultDie(['land'], [...BATTERY_PLACES], 'a Confederate city, port or fort')

/** #11 Sheridan, #50 Sherman: played once, they stay face up (their after-use is `retain`). */
function general(): CardEffect {
  return {
    phases: ['union-move', 'union-build'],
    apply(run, _side, play) {
      run.say(
        `#${play.card}`,
        `${run.cardName(play.card)} stays face up: one Union die more in one fitting assault or counterattack each turn.`,
      )
    },
  }
}

/**
 * The Union's extra dice from the generals face up, once a turn each: #11 Sheridan where the target is
 * Richmond or next to it, #50 Sherman over a land (red) line, in an assault or a counterattack.
 */
export function generalsDice(run: PhaseRun, target: string, kind: AssaultKind): number {
  let dice = 0
  for (const card of [11, 50]) {
    if (!run.s.cards.USA.inPlay.includes(card) || run.s.thisTurn.includes(`used:${card}`)) continue
    const fits =
      card === 11
        ? spacesOf(run.pack, card).some((c) => c === target || run.pack.map.neighbours(c).includes(target))
        : kind === 'land'
    if (!fits) continue
    run.s.thisTurn.push(`used:${card}`)
    dice++
    run.say(
      `#${card}`,
      `${run.cardName(card)}: the Union rolls one die more at ${run.name(target)} (once this turn).`,
      target,
    )
  }
  return dice
}

/**
 * #8 Grant Takes Command, face up for the rest of the game: once a turn, in a land combat over a
 * river or land line (a Union assault or a Confederate counterattack), the Union has one die rolled
 * again, and only while the Confederacy is winning: a Confederate die (by default the high one, as
 * the rule book's example does), or one of its own, as PB 22's August Union does at Nashville.
 */
export function grantReroll(
  run: PhaseRun,
  target: string,
  c: number[],
  u: number[],
): { csa: number[]; union: number[] } | null {
  if (!run.s.cards.USA.inPlay.includes(8) || run.s.thisTurn.includes('used:8')) return null
  // Which die, or none and the card kept for a later land combat this turn, is the Union player's.
  const high = c.indexOf(Math.max(...c))
  const answer = run.ask({
    decisionId: `card-8-${target}-turn-${run.s.turn}-${run.s.phase}`,
    role: 'union',
    question: `Grant Takes Command (#8) at ${run.name(target)}: the Confederate dice are ${c.join(', ')}, yours ${u.join(', ')}. Which die is rolled again, or do you keep the card's die for a later land combat this turn?`,
    options: [
      ...c.map((d, i) => ({ id: String(i + 1), label: `roll again Confederate die ${i + 1} (${d})` })),
      ...u.map((d, i) => ({ id: `U${i + 1}`, label: `roll again your die ${i + 1} (${d})` })),
      { id: 'keep', label: 'keep it for a later land combat this turn' },
    ],
    defaultOption: String(high + 1),
    situation: [`Confederate dice ${c.join(', ')}; without an answer the highest is rolled again.`],
  })
  if (answer === 'keep') return null
  run.s.thisTurn.push('used:8')
  const own = answer.startsWith('U')
  const dice = own ? [...u] : [...c]
  const i = Number(own ? answer.slice(1) : answer) - 1
  const who = own ? 'Union' : 'Confederate'
  dice[i] = run.dice.roll(`#8 Grant: ${who} die ${i + 1} at ${target} rolled again`, 6, PUBLIC)
  run.say('#8', `Grant Takes Command: the ${who} ${own ? u[i] : c[i]} is rolled again: ${dice[i]}.`, target)
  return own ? { csa: c, union: dice } : { csa: dice, union: u }
}

/** #24 From Sea to Shining Sea: two pawns more this turn, for landings on ocean ports and forts, each with a die more. */
const SEA_TO_SEA: CardEffect = {
  phases: ['union-move'],
  atStart: true,
  apply(run) {
    const added = addSeaPawns(run.s)
    run.say(
      '#24',
      `From Sea to Shining Sea: ${added} cannon pawn(s) more this turn (${run.s.unionPawns} in all), for amphibious assaults on Confederate ocean ports and forts, each with a die more and beyond the one ocean landing a turn.`,
    )
  },
}

/** #2, #37: laid face up with their commander for the rest of the game (battleCards.ts plays them in his battles). */
const withCommander = (name: string, needs: 'sloop' | null, words: string): CardEffect => ({
  phases: needs ? ['union-move'] : ['csa-move', 'csa-build', 'union-move', 'union-build'],
  ...(needs ? { atStart: true } : {}),
  check: (s) =>
    needs && !(s.commanders[name] ?? []).some((id) => s.pieces.some((p) => p.id === id && p.type === needs))
      ? `it is played only while ${name.charAt(0)}${name.slice(1).toLowerCase()} has a screw sloop with him`
      : null,
  apply(run, _side, play) {
    run.say(`#${play.card}`, `${run.cardName(play.card)} is laid face up with ${words}.`)
  },
})

export const ASSAULT_EFFECTS: Readonly<Record<number, CardEffect>> = {
  24: SEA_TO_SEA,
  2: withCommander('PORTER', null, "Porter: his gunboats' mortar boats fire at batteries before a battle"),
  37: withCommander('FARRAGUT', 'sloop', 'Farragut: one of his sloops, the Hartford, shrugs off a hit each battle'),
  // #8 Grant Takes Command: face up, a reroll in one land combat a turn (grantReroll).
  8: {
    phases: ['csa-move', 'csa-build', 'union-move', 'union-build'],
    apply(run) {
      run.say('#8', 'Grant Takes Command stays face up: once a turn, a die rolled again in a land combat.')
    },
  },
  11: general(),
  50: general(),
  // #32 Army/Navy Cooperation: one die more in an amphibious assault on an ocean port or a fort.
  32: assaultDie(['amphibious'], ['oceanPort', 'fort'], 'a Confederate ocean port or fort'),
  // #48 Siege Train: one die more in an assault over a land (red) line.
  48: {
    ...SIEGE_TRAIN,
    check: (s, pack, side, play) =>
      s.thisTurn.includes('played:48')
        ? 'Siege Train came back to the hand this turn and may not be played again before the next (#48)'
        : SIEGE_TRAIN.check!(s, pack, side, play),
  },
  // #77 Lee Moves North, #100 Battle Flags North!: assaults barred, or a pawn lost in 1864.
  77: northernThreat(),
  100: northernThreat(),
  // #4 We Cross the Ford (river and land), #5 Willing to Fight (any), #7 A Lack of Brains (any): rerolls.
  4: rerollCard(['river', 'land']),
  5: rerollCard(['amphibious', 'river', 'land']),
  7: rerollCard(['amphibious', 'river', 'land']),
}
