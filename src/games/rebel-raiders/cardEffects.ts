// What the cards implemented so far do when played in their owner's phase (PB 23, in our own words;
// data/cards.json describes every card). Each effect names the phases it may be played in, checks
// its own conditions (on receipt and again when it resolves) and applies itself to the phase's run.
import { CHOICE_EFFECTS } from './cardChoices.ts'
import type { CardEffect, PlayOrder } from './cardTypes.ts'
import { PUBLIC } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import { drawCards } from './cards.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { PieceType, Side } from './setup.ts'
import type { Phase, RrState } from './state.ts'
import { BATTERY_PLACES, atOneOfItsSpaces, holder, placeOf, spacesOf } from './cardPlaces.ts'
import { ASSAULT_EFFECTS } from './cardAssaults.ts'
import { BATTLE_EFFECTS } from './battleCards.ts'
import { NAMED_RAIDER_EFFECTS } from './namedShips.ts'
import { FOLLOW_UP_EFFECTS, TURN_CARD_EFFECTS } from './turnCards.ts'
import { GENERAL_EFFECTS } from './confederateGenerals.ts'
import { DIPLOMACY_EFFECTS } from './diplomacyCards.ts'
import { REROLL_EFFECTS } from './rerollCards.ts'
import { LAND_CARD_EFFECTS } from './landCards.ts'
import { CARGO_EFFECTS } from './cargoCards.ts'
import { WEATHER_EFFECTS } from './weatherCards.ts'
import { MOVE_CARD_EFFECTS } from './moveCards.ts'

const UNION_PHASES: readonly Phase[] = ['union-move', 'union-build']
const CSA_PHASES: readonly Phase[] = ['csa-move', 'csa-build']
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

/**
 * #57 A Lively Little Trade, written in the move's orders, acts after the supply dice: the
 * Confederate player rolls again the dice he chooses. `PLAY 57 AT <n>` chooses in advance: each die
 * of n or more. Without it he is asked once the dice are known; the default is each die of 4 or more
 * (above the average of a new roll). When no die is chosen the card is not used and goes back to the hand.
 */
export function rerollSupply(run: PhaseRun, loss: { dice: number[]; vp: number }): { dice: number[]; vp: number } {
  const played = run.takeBonuses('supply', 'supply')
  if (!played.length) return loss
  const from = played[0]!.amount || supplyRerollChoice(run, loss.dice)
  const high = loss.dice.flatMap((d, i) => (from && d >= from ? [i] : []))
  const t = run.s.cards.CSA
  if (!high.length) {
    t.deck = { ...t.deck, discards: t.deck.discards.filter((c) => c !== 57) }
    t.hand.push(57)
    run.say('#57', 'A Lively Little Trade: no supply die is rolled again; the card goes back to the hand.')
    return loss
  }
  const dice = [...loss.dice]
  for (const i of high) dice[i] = run.dice.roll(`supply die ${i + 1} rolled again`, 6, PUBLIC)
  run.say('#57', `A Lively Little Trade: supply dice ${high.map((i) => i + 1).join(', ')} rolled again.`)
  return { dice, vp: -dice.reduce((a, b) => a + b, 0) }
}

/** The lowest die the Confederate player rolls again (0: none), asked once the supply dice are known. */
function supplyRerollChoice(run: PhaseRun, dice: number[]): number {
  const values = [...new Set(dice)].sort((a, b) => b - a)
  const options = [
    ...values.map((v) => ({
      id: String(v),
      label: `roll again each die of ${v}${v < 6 ? ' or more' : ''} (${dice.filter((d) => d >= v).length} of ${dice.length})`,
    })),
    { id: '0', label: 'roll none again: #57 goes back to the hand' },
  ]
  const byDefault = values.filter((v) => v >= 4).pop()
  return Number(
    run.ask({
      decisionId: `card-57-turn-${run.s.turn}-supply`,
      role: 'confederate',
      question: `A Lively Little Trade (#57): the supply dice are ${dice.join(', ')}. Which do you roll again? The new results stand.`,
      options,
      defaultOption: byDefault ? String(byDefault) : '0',
      situation: [
        `Supply dice: ${dice.join(', ')} (a loss of ${dice.reduce((a, b) => a + b, 0)} points).`,
        'Without an answer each die of 4 or more is rolled again. PLAY 57 AT <n> with the move orders answers this in advance.',
      ],
    }),
  )
}

export type { CardEffect } from './cardTypes.ts'

export const CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
  ...CHOICE_EFFECTS,
  ...ASSAULT_EFFECTS,
  ...BATTLE_EFFECTS,
  ...NAMED_RAIDER_EFFECTS,
  ...TURN_CARD_EFFECTS,
  ...FOLLOW_UP_EFFECTS,
  ...GENERAL_EFFECTS,
  ...DIPLOMACY_EFFECTS,
  ...REROLL_EFFECTS,
  ...LAND_CARD_EFFECTS,
  ...CARGO_EFFECTS,
  ...WEATHER_EFFECTS,
  ...MOVE_CARD_EFFECTS,
  // #57 A Lively Little Trade: waits for the supply dice of this move phase.
  57: {
    phases: ['csa-move'],
    check: (_s, _pack, _side, play) =>
      play.at === undefined || /^[1-6]$/.test(play.at)
        ? null
        : 'write PLAY 57, or PLAY 57 AT <n> to roll again each supply die of n or more (1-6)',
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'supply', at: 'supply', amount: Number(play.at ?? 0) })
      run.say('#57', 'A Lively Little Trade waits for the supply dice.')
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
    check: (s, pack, _side, play) =>
      s.control[placeOf(pack, play)] === 'USA' ? 'a Union control marker closes the port (#55)' : null,
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
        if (run.holder(sp.id) === 'USA') continue
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
