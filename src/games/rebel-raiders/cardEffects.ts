// What the cards implemented so far do when played in their owner's phase (PB 23, in our own words;
// data/cards.json describes every card). Each effect names the phases it may be played in, checks
// its own conditions (on receipt and again when it resolves) and applies itself to the phase's run.
import { CHOICE_EFFECTS } from './cardChoices.ts'
import { PUBLIC } from '../contract.ts'
import { type AssaultRoll, scoreAssault } from './assault.ts'
import { shuffled } from '../kit/deck.ts'
import { drawCards } from './cards.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { PlayOrder } from './plays.ts'
import type { PieceType, Side } from './setup.ts'
import { dateOf, type Phase, type RrState } from './state.ts'

export interface CardEffect {
  /** The owner's phases the card may be played in. */
  phases: readonly Phase[]
  /** Played at the start of the phase (before the moves), whatever its place in the orders. */
  atStart?: boolean
  /** The effect it leaves until the end of the turn (RrState.thisTurn), which the build check counts. */
  lasting?: string
  /** It allows a counterattack without a pawn (#89), which the check of the orders counts. */
  givesCounterattack?: boolean
  /** Why the play is not possible as ordered, or null. */
  check?(s: RrState, pack: RebelPack, side: Side, play: PlayOrder): string | null
  apply(run: PhaseRun, side: Side, play: PlayOrder): void
}

const UNION_PHASES: readonly Phase[] = ['union-move', 'union-build']
const CSA_PHASES: readonly Phase[] = ['csa-move', 'csa-build']
const BATTERY_PLACES = ['oceanPort', 'riverPort', 'fort', 'inlandCity']

const holder = (s: RrState, pack: RebelPack, id: string) => s.control[id] ?? pack.map.space(id).side ?? 'neutral'

/** The spaces a card's text names (data/cards.json). */
const spacesOf = (pack: RebelPack, card: number): string[] => pack.cards.get(card)?.spaces ?? []
/** The AT space of a play among those its card names (the first is the default when none is named). */
const placeOf = (pack: RebelPack, play: PlayOrder) => play.at ?? spacesOf(pack, play.card)[0]!
const atOneOfItsSpaces = (_s: RrState, pack: RebelPack, _side: Side, play: PlayOrder): string | null =>
  play.at && !spacesOf(pack, play.card).includes(play.at)
    ? `it places its ship in ${spacesOf(pack, play.card).join(' or ')}`
    : null

/** #30, #31, #35: a free Union ship in this turn's box of the turn track and in each of the next two. */
function turnTrackShips(type: PieceType): CardEffect {
  return {
    phases: UNION_PHASES,
    check: atOneOfItsSpaces,
    apply(run, _side, play) {
      const at = placeOf(run.pack, play)
      for (let k = 0; k < 3; k++) run.s.arriving.push({ turn: run.s.turn + k, side: 'USA', type, at })
      run.say('15.22', `A free Union ${type} for ${run.name(at)} in each of the next three Union build phases.`, at)
    },
  }
}

/** A card that adds Union dice to the next assault on the space it names this phase. */
function assaultDie(kinds: ('amphibious' | 'river' | 'land')[], places: string[], what: string): CardEffect {
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

/** A card that adds points to the cargo a named Confederate runner lands this phase. */
function cargoBonus(amount: number): CardEffect {
  return {
    phases: ['csa-move'],
    check: (s, _pack, _side, play) =>
      s.pieces.some((p) => p.id === play.at && p.side === 'CSA' && p.type === 'runner')
        ? null
        : 'name the Confederate runner that lands the cargo: PLAY <card> AT BR-<n>',
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'unload', at: play.at!, amount })
      run.say(`#${play.card}`, `The cargo ${play.at} lands this phase scores ${amount} VP more.`)
    },
  }
}

/** A Union ship named by its counter, where a card may strike it. */
const unionShipIn =
  (where: (kind: string) => boolean, what: string) =>
  (s: RrState, pack: RebelPack, _side: Side, play: PlayOrder): string | null => {
    const target = s.pieces.find((p) => p.id === play.at && p.side === 'USA')
    if (!target) return 'name the Union ship: PLAY <card> AT <ship>, e.g. AT SL-3'
    return where(pack.map.space(target.at).kind) ? null : `${target.id} is not ${what}`
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
function northernThreat(): CardEffect {
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

/**
 * #57 A Lively Little Trade, written in the move's orders, acts after the supply dice: every die of 4
 * or more is rolled again (the best choice, ruling RR-K4). With no such die the card is not used and
 * goes back to the hand.
 */
export function rerollSupply(run: PhaseRun, loss: { dice: number[]; vp: number }): { dice: number[]; vp: number } {
  if (!run.takeBonuses('supply', 'supply').length) return loss
  const high = loss.dice.flatMap((d, i) => (d >= 4 ? [i] : []))
  const t = run.s.cards.CSA
  if (!high.length) {
    t.deck = { ...t.deck, discards: t.deck.discards.filter((c) => c !== 57) }
    t.hand.push(57)
    run.say('#57', 'A Lively Little Trade: no supply die of 4 or more to roll again; the card goes back to the hand.')
    return loss
  }
  const dice = [...loss.dice]
  for (const i of high) dice[i] = run.dice.roll(`supply die ${i + 1} rolled again`, 6, PUBLIC)
  run.say('#57', `A Lively Little Trade: supply dice ${high.map((i) => i + 1).join(', ')} rolled again (ruling RR-K4).`)
  return { dice, vp: -dice.reduce((a, b) => a + b, 0) }
}

/** #4, #5, #7: written for an assault, used after its dice only while the Union is losing (ruling RR-K5). */
function rerollCard(kinds: ('amphibious' | 'river' | 'land')[]): CardEffect {
  const die = assaultDie(kinds, [...BATTERY_PLACES], 'a Confederate city, port or fort')
  return {
    ...die,
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'reroll', at: play.at!, amount: 0, kinds })
      run.say(
        `#${play.card}`,
        `Held for the ${kinds.join(' or ')} assault on ${run.name(play.at!)}: used if the Union is losing after the dice.`,
      )
    },
  }
}

/**
 * The Union's rerolls after an assault's dice (#4, #5: all its own dice; #7: the Confederate high
 * die). Each is used only while the Union is losing; one not needed, or barred by #85 Forrest, goes
 * back to the Union hand.
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
    if (r.unionWins || rerollsBarred) {
      t.deck = { ...t.deck, discards: t.deck.discards.filter((c) => c !== b.card) }
      t.hand.push(b.card)
      run.say(
        `#${b.card}`,
        `${run.cardName(b.card)} is not used (${rerollsBarred ? '#85 Forrest bars Union rerolls' : 'the Union is winning'}) and goes back to the hand.`,
        target,
      )
      continue
    }
    const u = [...r.union.dice]
    const c = [...r.csa.dice]
    if (b.card === 7) {
      const i = c.indexOf(Math.max(...c))
      c[i] = run.dice.roll(`assault on ${target}: Confederate die ${i + 1} rolled again`, 6, PUBLIC)
    } else
      for (let i = 0; i < u.length; i++)
        u[i] = run.dice.roll(`assault on ${target}: Union die ${i + 1} rolled again`, 6, PUBLIC)
    r = scoreAssault(u, c, r.union.tactics)
    run.say(
      `#${b.card}`,
      `${run.cardName(b.card)}: Union ${u.join(',')} = ${r.union.total}; Confederate ${c.join(',')} = ${r.csa.total}.`,
      target,
    )
  }
  return r
}

const SIEGE_TRAIN = assaultDie(['land'], [...BATTERY_PLACES], 'a Confederate city, port or fort')

export const CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
  ...CHOICE_EFFECTS,
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
  77: northernThreat(),
  100: northernThreat(),
  // #57 A Lively Little Trade: waits for the supply dice of this move phase.
  57: {
    phases: ['csa-move'],
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'supply', at: 'supply', amount: 0 })
      run.say('#57', 'The supply dice of 4 or more will be rolled again.')
    },
  },
  // #89 John Bell Hood: a counterattack without a pawn; if it fails, its points are lost twice over.
  89: {
    phases: ['csa-move'],
    givesCounterattack: true,
    apply(run, _side, play) {
      run.s.csaPawns += 1
      run.s.pending.push({ card: play.card, on: 'counterattack', at: 'ANY', amount: 0 })
      run.say('#89', 'Hood: one counterattack this phase needs no pawn; if it fails, its cost is doubled.')
    },
  },
  // #98 Rebel Yell: three cards drawn, before the build and not in the turn the card came.
  98: {
    phases: ['csa-move'],
    check: (s, _pack, _side, play) =>
      s.cards.CSA.drawnOn[play.card] === s.turn ? 'Rebel Yell may not be played in the turn it was drawn' : null,
    apply(run) {
      drawCards(run, 'CSA', 3, '#98', 'for the Rebel Yell')
    },
  },
  // #4 We Cross the Ford (river and land), #5 Willing to Fight (any), #7 A Lack of Brains (any): rerolls.
  4: rerollCard(['river', 'land']),
  5: rerollCard(['amphibious', 'river', 'land']),
  7: rerollCard(['amphibious', 'river', 'land']),
  // #68 The Banshee, #69 CSS Robert E. Lee: a runner's cargo scores more.
  68: cargoBonus(2),
  69: cargoBonus(1),

  // #65 CSS David: a Union ship in a port or station; the Confederacy sinks it on a higher die (+1 when it is alone there).
  65: {
    phases: CSA_PHASES,
    check: unionShipIn(
      (k) => ['oceanPort', 'riverPort', 'blockadeStation'].includes(k),
      'in a port or a blockade station',
    ),
    apply(run, _side, play) {
      const target = run.s.pieces.find((p) => p.id === play.at)!
      const alone = run.piecesAt(target.at, 'USA').length === 1
      const csa = run.dice.roll(`#65 David against ${target.id}`, 6, PUBLIC)
      const union = run.dice.roll(`#65 ${target.id} against the David`, 6, PUBLIC)
      const total = csa + (alone ? 1 : 0)
      const sunk = total > union
      if (sunk) run.remove([target.id])
      run.say(
        '#65',
        `CSS David attacks ${target.id} in ${run.name(target.at)}: ${csa}${alone ? ' +1 (alone)' : ''} against ${union}: ${sunk ? `${target.id} is sunk` : 'it misses'}.`,
        target.at,
      )
    },
  },

  // #73 CSS Hunley: a Union ship in a blockade station: 1-2 nothing, 3-4 sent to the Navy Yards, 5-6 sunk.
  73: {
    phases: CSA_PHASES,
    check: unionShipIn((k) => k === 'blockadeStation', 'in a blockade station'),
    apply(run, _side, play) {
      const target = run.s.pieces.find((p) => p.id === play.at)!
      const where = target.at
      const die = run.dice.roll(`#73 Hunley against ${target.id}`, 6, PUBLIC)
      if (die >= 5) run.remove([target.id])
      else if (die >= 3) target.at = 'NAVY'
      const result = die >= 5 ? 'it is sunk' : die >= 3 ? 'it limps home to the Navy Yards' : 'nothing happens'
      run.say('#73', `CSS Hunley attacks ${target.id} in ${run.name(where)}: die ${die}: ${result}.`, where)
    },
  },

  // #30 Gustavus Fox, #31 John Dahlgren, #35 Eads' Ironclads.
  30: turnTrackShips('gunboat'),
  31: turnTrackShips('sloop'),
  35: turnTrackShips('ironclad'),

  // #78 Mallory's Miracle: a free ironclad in a Confederate port; the discards go back into the deck.
  78: {
    phases: CSA_PHASES,
    check: (s, pack, _side, play) => {
      if (!play.at) return 'name the port: PLAY 78 AT <port>'
      const sp = pack.map.has(play.at) ? pack.map.space(play.at) : null
      if (!sp || !['oceanPort', 'riverPort'].includes(sp.kind) || holder(s, pack, play.at) !== 'CSA')
        return `${play.at} is not a Confederate port`
      return null
    },
    apply(run, _side, play) {
      const at = play.at!
      run.say('#78', `A free Confederate ironclad ${run.add('CSA', 'ironclad', at).id} in ${run.name(at)}.`, at)
      const t = run.s.cards.CSA
      const pile = shuffled([...t.deck.drawPile, ...t.deck.discards], run.dice, 'confederate deck 78', {
        kind: 'moderator',
      })
      run.say('#78', `The Confederate discards (${t.deck.discards.length}) are shuffled back into the deck.`)
      t.deck = { ...t.deck, drawPile: pile, discards: [] }
    },
  },

  // #83 Trent Affair: a free runner in Europe; the card stays face up (it opens #61 and #62).
  83: {
    phases: CSA_PHASES,
    check: (s, _pack, side, play) =>
      s.emancipated ? 'not after the Emancipation Proclamation (17.33)' : atOneOfItsSpaces(s, _pack, side, play),
    apply(run, _side, play) {
      const at = placeOf(run.pack, play)
      run.say('#83', `A free blockade runner ${run.add('CSA', 'runner', at).id} in ${run.name(at)}.`, at)
    },
  },

  // #84 The Douglas: at the start of the move, a free runner in France & England with a cargo aboard.
  84: {
    phases: ['csa-move'],
    atStart: true,
    apply(run, _side, play) {
      const at = placeOf(run.pack, play)
      const p = run.add('CSA', 'runner', at)
      const cargo = run.cargoFree(2) ? 2 : run.cargoFree(1) ? 1 : null
      if (cargo) p.cargo = cargo
      run.say(
        '#84',
        `A free blockade runner ${p.id} in ${run.name(at)}, ${cargo ? `loaded with ${cargo} VP of cargo` : 'empty: no cargo marker is free (9.3)'}.`,
        at,
      )
    },
  },

  // #88 P.G.T. Beauregard: one battery more this build, even where one was placed, up to three a space.
  88: {
    phases: ['csa-build'],
    check: (s, pack, _side, play) => {
      if (!play.at) return 'name the place: PLAY 88 AT <city, port or fort>'
      const sp = pack.map.has(play.at) ? pack.map.space(play.at) : null
      if (!sp || !BATTERY_PLACES.includes(sp.kind) || holder(s, pack, play.at) !== 'CSA')
        return `${play.at} is not a Confederate city, port or fort`
      const there = s.pieces.filter((p) => p.at === play.at && p.type === 'battery').length
      const limit = pack.pieces.stacking.batteriesPerSpace
      return there >= limit ? `${sp.name} already holds ${limit} batteries (6.12)` : null
    },
    apply(run, _side, play) {
      const at = play.at!
      run.say('#88', `A free Confederate battery ${run.add('CSA', 'battery', at).id} in ${run.name(at)}.`, at)
    },
  },

  // #95 Tredegar Iron Works: Richmond gives two arsenal batteries this turn.
  95: {
    phases: ['csa-build'],
    lasting: 'tredegar',
    check: (s, pack, _side, play) => {
      const city = spacesOf(pack, play.card)[0]!
      return holder(s, pack, city) !== 'CSA' || s.razed.includes(city)
        ? `the Confederacy does not hold ${pack.map.space(city).name}`
        : null
    },
    apply(run, _side, play) {
      const city = spacesOf(run.pack, play.card)[0]!
      run.s.thisTurn.push('tredegar')
      run.say('#95', `${run.name(city)} gives two batteries this turn instead of one (14.23).`, city)
    },
  },

  // #108 Foreign War Profiteers: a die for each neutral port, a free runner on 5 or 6.
  108: {
    phases: ['csa-build'],
    apply(run) {
      const maximillian = run.s.cards.CSA.inPlay.includes(61)
      for (const sp of run.pack.map.spaces.filter((x) => x.kind === 'neutralPort')) {
        if (sp.id === 'VERA' && maximillian) {
          run.say('#108', 'Vera Cruz is passed over while #61 Maximillian is in play.', sp.id)
          continue
        }
        const die = run.dice.roll(`#108 profiteers at ${sp.id}`, 6, PUBLIC)
        if (die >= 5)
          run.say(
            '#108',
            `${sp.name}: die ${die}, a free blockade runner ${run.add('CSA', 'runner', sp.id).id}.`,
            sp.id,
          )
        else run.say('#108', `${sp.name}: die ${die}, nothing.`, sp.id)
      }
    },
  },
}
