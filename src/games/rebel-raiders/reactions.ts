// Cards played in the other side's phase, without a mail storm (digest section 6.1: standing and
// conditional orders). A player writes `REACT <card> [AT <space>|ALL]` in any of his mails, in his
// phase or the other's; it stands until the card is played or `REACT <card> OFF`. When the moment
// the card names comes (an assault on that space, Union ships entering it), the judge plays the card
// for him if it is in his hand and its years allow it, and both sides are told.
import { PUBLIC } from '../contract.ts'
import type { AssaultKind } from './assault.ts'
import { discardFromPlay, drawCards, settlePlayed } from './cards.ts'
import { BATTLE_CARD_SIDES } from './battleCardTable.ts'
import { answeredThisTurn, countered, isResponse } from './cardResponses.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import { dateOf, type Reaction, type RrPiece, type RrState } from './state.ts'
import { STORM_ZONES } from './weatherCards.ts'
import { faceUpPick } from './cardPicks.ts'

export type { Reaction } from './state.ts'

type ReactionEvent =
  | 'assault'
  | 'entry'
  | 'interception'
  | 'supply'
  | 'last-supply'
  | 'assault-lost'
  | 'assault-won'
  | 'runner-caught'
  | 'raider-chased'
  | 'union-card-at-runner'
  | 'raid'
  | 'unload'
  | 'counterattack'
  | 'csa-beaten'
  | 'build-start'
  | 'land-combat'
  | 'storm'

/** What an evasion looks like when the Union's answers are weighed. */
export interface Evasion {
  target: RrPiece
  inStation: boolean
  searchers: RrPiece[]
  /** Ships the cards fired at this evasion will name, so that no two cards name one ship. */
  claimed?: string[]
}

/** The Union ship a card names among those searching, if one fits: the first of that type not yet named. */
export const nameable = (run: { s: RrState }, e: Evasion, type: 'sloop' | 'gunboat') =>
  e.searchers.find((p) => p.type === type && !run.s.speedBonus[p.id] && !e.claimed?.includes(p.id))

/** The type of ship each evasion card names (#9, #14, #16, #17, #21). */
const NAMES: Readonly<Record<number, 'sloop' | 'gunboat'>> = {
  9: 'gunboat',
  14: 'sloop',
  16: 'gunboat',
  17: 'gunboat',
  21: 'sloop',
}

/** #16 and #17: a Union gunboat in a blockade station trying to catch a runner. */
const STATION_GUNBOAT_AGAINST_RUNNER = {
  side: 'USA',
  event: 'interception',
  fits: (run: { s: RrState }, e: Evasion) => e.inStation && e.target.type === 'runner' && !!nameable(run, e, 'gunboat'),
} as const

/** The cards implemented as reactions: whose they are, the moment they answer, what else must hold. */
const REACTIONS: Readonly<
  Record<
    number,
    { side: Side; event: ReactionEvent; kinds?: AssaultKind[]; fits?: (run: { s: RrState }, e: Evasion) => boolean }
  >
> = {
  // Union answers to a Confederate ship evading (7.78).
  9: { side: 'USA', event: 'interception', fits: (run, e) => e.inStation && !!nameable(run, e, 'gunboat') },
  12: {
    side: 'USA',
    event: 'interception',
    fits: (_run, e) => e.target.type === 'runner' && e.searchers.some((p) => p.type === 'sloop'),
  },
  16: STATION_GUNBOAT_AGAINST_RUNNER,
  17: STATION_GUNBOAT_AGAINST_RUNNER,
  21: { side: 'USA', event: 'interception', fits: (run, e) => !!nameable(run, e, 'sloop') },
  14: {
    side: 'USA',
    event: 'interception',
    fits: (run, e) => e.target.type === 'raider' && !!nameable(run, e, 'sloop'),
  },
  // The Confederate answers at an evasion (evasionCards.ts).
  66: { side: 'CSA', event: 'runner-caught' },
  67: { side: 'CSA', event: 'runner-caught' },
  106: { side: 'CSA', event: 'raider-chased' },
  90: { side: 'CSA', event: 'union-card-at-runner' },
  // At a raid, an unloading, a port entry, an assault's result or a counterattack (cardMoments.ts, here).
  43: { side: 'USA', event: 'raid' },
  40: { side: 'USA', event: 'unload' },
  56: { side: 'CSA', event: 'entry' },
  97: { side: 'CSA', event: 'assault-lost' },
  80: { side: 'CSA', event: 'assault' },
  51: { side: 'USA', event: 'csa-beaten' },
  // Played at the start of the other side's build (cardMoments.ts).
  42: { side: 'USA', event: 'build-start' },
  58: { side: 'CSA', event: 'build-start' },
  // Played at the start of the Union build: once the Trent Affair is face up (diplomacyCards.ts); while the Union holds New Orleans (heldShips.ts).
  62: { side: 'CSA', event: 'build-start' },
  76: { side: 'CSA', event: 'build-start' },
  // Longstreet at the start of any land combat (landCards.ts).
  79: { side: 'CSA', event: 'land-combat' },
  59: { side: 'CSA', event: 'assault', kinds: ['land'] },
  81: { side: 'CSA', event: 'entry' },
  85: { side: 'CSA', event: 'assault', kinds: ['land'] },
  91: { side: 'CSA', event: 'assault' },
  105: { side: 'CSA', event: 'assault' },
  // Union answers to the Confederate supply phase, and the Confederate answers to an assault's result.
  36: { side: 'USA', event: 'last-supply' },
  41: { side: 'USA', event: 'supply' },
  102: { side: 'CSA', event: 'assault-lost' },
  107: { side: 'CSA', event: 'assault-won' },
  // The storms as the other side's ships enter a zone (stormAnswers.ts, ruling RR-K21).
  49: { side: 'USA', event: 'storm' },
  92: { side: 'CSA', event: 'storm' },
}

/** Why a REACT line is refused, or null. A card not in the hand now may stand for when it is. */
export function reactionProblem(pack: RebelPack, side: Side, reaction: Reaction): string | null {
  const card = pack.cards.get(reaction.card)
  if (!card) return `there is no card #${reaction.card}`
  const name = `#${card.number} ${card.name}`
  if (card.side !== side) return `${name} is the other side's card`
  if (!REACTIONS[reaction.card] && !BATTLE_CARD_SIDES[reaction.card] && !isResponse(reaction.card))
    return `${name} cannot stand as a reaction: write PLAY ${reaction.card} in your own phase (see the README's card table)`
  if (isResponse(reaction.card))
    return reaction.at === 'ALL' || pack.cards.get(Number(reaction.at))?.side === (side === 'CSA' ? 'USA' : 'CSA')
      ? null
      : `${name} answers one of the other side's cards: REACT ${reaction.card} AT <its card number>, or ALL`
  if (reaction.at !== 'ALL' && !pack.map.has(reaction.at)) return `no space ${reaction.at} on the map`
  const storm = STORM_ZONES[reaction.card]
  if (storm && reaction.at !== 'ALL' && !storm.kinds.includes(pack.map.space(reaction.at).kind))
    return `${name} strikes ${storm.what}: REACT ${reaction.card} AT <zone>|ALL [IF SHIPS >= <n>]`
  if (reaction.min !== undefined && !storm) return `only a storm (#49, #92) takes IF SHIPS >= <n>`
  return null
}

/** Replaces (or with `off` withdraws) a side's standing reaction for a card. */
export function standReaction(s: RrState, side: Side, reaction: Reaction, off: boolean): void {
  s.reactions[side] = s.reactions[side].filter((r) => r.card !== reaction.card)
  if (!off) s.reactions[side].push(reaction)
}

/** Plays the standing reactions that answer this moment; returns the cards played. */
export function fire(
  run: PhaseRun,
  event: ReactionEvent,
  at: string,
  kind?: AssaultKind,
  evasion?: Evasion,
  allowed: (card: number) => boolean = () => true,
): number[] {
  const fired: number[] = []
  const year = dateOf(run.s.turn).year
  for (const side of ['CSA', 'USA'] as const) {
    for (const r of [...run.s.reactions[side]]) {
      const def = REACTIONS[r.card]
      const card = run.pack.cards.get(r.card)
      if (!def || !card || def.event !== event || (r.at !== 'ALL' && r.at !== at) || !allowed(r.card)) continue
      if (kind && def.kinds && !def.kinds.includes(kind)) continue
      if (def.fits && (!evasion || !def.fits(run, evasion))) continue
      if (!run.s.cards[side].hand.includes(r.card) || year < card.years.from || year > card.years.to) continue
      if (answeredThisTurn(run.s, r.card) || countered(run, side, r.card)) continue
      run.s.reactions[side] = run.s.reactions[side].filter((x) => x !== r)
      run.s.cards[side].hand = run.s.cards[side].hand.filter((c) => c !== r.card)
      run.say(
        '17.23',
        `The ${side === 'CSA' ? 'Confederate' : 'Union'} player plays #${card.number} ${card.name} in answer.`,
        at,
      )
      fired.push(r.card)
      const names = NAMES[r.card]
      if (evasion && names) evasion.claimed = [...(evasion.claimed ?? []), nameable(run, evasion, names)!.id]
    }
  }
  return fired
}

export interface AssaultAnswer {
  /** The assault does not take place (#59); its pawn is lost. */
  cancelled: boolean
  unionDiceLess: number
  csaDiceMore: number
  /** A lost assault costs the Union twice its points (#105). */
  doubleLoss: boolean
  /** The Union may not reroll (#85). */
  noUnionRerolls: boolean
  /** Times the Confederacy may roll its dice again while losing (#80). */
  csaRerolls: number
  /** What the cards do once the assault is over, and where they then go. */
  settle(unionWon: boolean): void
}

/** The Confederate answers to a Union assault on `target` as it starts (#59, #85, #91, #105). */
/** The Confederate cards that add to, change or roll again his assault dice, which #45 keeps out of one assault. */
const CSA_DICE_CARDS = [80, 85, 91, 105]

/** #45 Three Cigars written AT this target this turn: no Confederate dice card in its assault. */
export const quietAssault = (s: RrState, target: string): boolean => s.thisTurn.includes(`cigars:${target}`)

export function answerAssault(run: PhaseRun, target: string, kind: AssaultKind): AssaultAnswer {
  const quiet = quietAssault(run.s, target)
  const fired = fire(run, 'assault', target, kind, undefined, (c) => !quiet || !CSA_DICE_CARDS.includes(c))
  const name = run.name(target)
  const answer: AssaultAnswer = {
    cancelled: false,
    unionDiceLess: 0,
    csaDiceMore: 0,
    doubleLoss: false,
    noUnionRerolls: false,
    csaRerolls: 0,
    settle: () => {},
  }
  for (const card of fired) {
    if (card === 59) {
      answer.cancelled = true
      run.say('#59', `Mud-Bound: the assault on ${name} does not take place, and its cannon pawn is lost.`, target)
    } else if (card === 85) {
      answer.unionDiceLess++
      answer.noUnionRerolls = true
      run.say('#85', `Forrest: the Union rolls one die fewer against ${name}, and may not reroll.`, target)
    } else if (card === 105) {
      answer.unionDiceLess++
      answer.doubleLoss = true
      run.say(
        '#105',
        `Cold Harbor: the Union rolls one die fewer against ${name}, and a repulse costs it double.`,
        target,
      )
    } else if (card === 80) {
      answer.csaRerolls = 2
      run.say('#80', `Rally, Men!: the Confederacy may roll its dice at ${name} again, twice.`, target)
    } else if (card === 91) {
      answer.csaDiceMore++
      run.say('#91', `J.E. Johnston: the Confederacy rolls one die more at ${name}.`, target)
    }
  }
  answer.settle = (unionWon) => {
    for (const card of fired) {
      settlePlayed(run, 'CSA', card, run.pack.cards.get(card)!.afterUse)
      if (card === 91) johnstonAfter(run, !unionWon)
    }
  }
  return answer
}

/** #91: a die, +2 for a Confederate win: 1-3 Johnston is relieved (the card stays in the deck), 4 or more he comes back to the hand. */
function johnstonAfter(run: PhaseRun, csaWon: boolean): void {
  const die = run.dice.roll('#91 Johnston after the assault', 6, PUBLIC)
  if (die + (csaWon ? 2 : 0) <= 3) {
    run.say('#91', `Johnston: die ${die}${csaWon ? ' +2' : ''}: he is relieved; the card goes back into the deck.`)
    return
  }
  const t = run.s.cards.CSA
  t.deck = { ...t.deck, drawPile: t.deck.drawPile.filter((c) => c !== 91) }
  t.hand.push(91)
  run.say(
    '#91',
    `Johnston: die ${die}${csaWon ? ' +2' : ''}: he is available again; the card goes back to the Confederate hand.`,
  )
}

/** #81 Mosquito Fleet as Union ships enter a Confederate port or fort: a card, one gunboat or two. */
export function answerEntry(run: PhaseRun, at: string, fired = fire(run, 'entry', at)): void {
  for (const card of fired) {
    if (card !== 81) continue
    const die = run.dice.roll(`#81 mosquito fleet at ${at}`, 6, PUBLIC)
    if (die <= 2) {
      run.say('#81', `Mosquito Fleet: die ${die}: the Confederacy draws a card.`, at)
      drawCards(run, 'CSA', 1, '#81', 'for the Mosquito Fleet')
    } else {
      const limit = run.pack.pieces.stacking.warshipsPerSidePerSpace
      const room = limit - run.piecesAt(at, 'CSA', ['gunboat', 'ironclad', 'raider']).length
      const boats = Math.max(0, Math.min(die <= 4 ? 1 : 2, room))
      const ids = Array.from({ length: boats }, () => run.add('CSA', 'gunboat', at).id)
      run.say(
        '#81',
        `Mosquito Fleet: die ${die}: ${ids.length ? `${ids.join(', ')} join the defence of ${run.name(at)}` : 'no room for a gunboat (6.12)'}.`,
        at,
      )
    }
    settlePlayed(run, 'CSA', card, run.pack.cards.get(card)!.afterUse)
  }
}

/** The cities #36 and #41 count for the Union. */
const GREAT_CITIES = ['ATLA', 'RICH', 'NORL', 'SAVA', 'CHAS'] as const
const unionHolds = (run: PhaseRun) => GREAT_CITIES.filter((c) => run.holder(c) === 'USA').length

/**
 * The Union's answers as the Confederate supply phase begins: #41 Plumb Wore Out (a die plus one for
 * each great city the Union holds, in Confederate points), and in the December 1864 turn #36 If it
 * takes all Summer (a die each, the Union adding those cities: a higher Union total adds a 13th turn, 16.13).
 */
export function answerSupply(run: PhaseRun): void {
  for (const card of fire(run, 'supply', 'supply')) {
    const die = run.dice.roll('#41 plumb wore out', 6, PUBLIC)
    run.vp(-(die + unionHolds(run)), '#41', `Plumb Wore Out (die ${die} + ${unionHolds(run)} cities held by the Union)`)
    settlePlayed(run, 'USA', card, run.pack.cards.get(card)!.afterUse)
  }
  const { year, december } = dateOf(run.s.turn)
  if (year !== 1864 || !december || run.s.lastTurn > run.s.turn) return
  for (const card of fire(run, 'last-supply', 'supply')) {
    const union = run.dice.roll('#36 all summer: Union die', 6, PUBLIC)
    const csa = run.dice.roll('#36 all summer: Confederate die', 6, PUBLIC)
    const total = union + unionHolds(run)
    if (total > csa) run.s.lastTurn = run.s.turn + 1
    run.say(
      '16.13',
      `If it takes all Summer: Union ${union} + ${unionHolds(run)} = ${total} against ${csa}: ${total > csa ? 'the war goes on to a 13th turn, April 1865' : 'the game still ends this turn'}.`,
    )
    settlePlayed(run, 'USA', card, run.pack.cards.get(card)!.afterUse)
  }
}

/**
 * The Confederate answers as an assault is decided. #102 Matthew Brady on a lost assault: the
 * points are doubled and the Union discards a card at random from its hand (or, with none, from
 * those face up). #107 The South Shall Rise on a won one: returns true, and the caller makes the free
 * counterattack.
 */
export function answerAssaultResult(
  run: PhaseRun,
  target: string,
  unionWon: boolean,
): { vpTimes: number; riseAgain: boolean } {
  const fired = fire(run, unionWon ? 'assault-won' : 'assault-lost', target)
  for (const card of fired) settlePlayed(run, 'CSA', card, run.pack.cards.get(card)!.afterUse)
  if (fired.includes(97)) {
    // #97: the Union loses a general face up of #8, #50, #11, #34, the Confederate's pick.
    const general = faceUpPick(
      run,
      97,
      [8, 50, 11, 34].filter((c) => run.s.cards.USA.inPlay.includes(c)),
      target,
    )
    if (general) {
      discardFromPlay(run, 'USA', general)
      run.say('#97', `Lincoln and his Generals: #${general} ${run.cardName(general)} is discarded.`, target)
    } else run.say('#97', 'Lincoln and his Generals: no Union general is face up to discard.', target)
  }
  if (fired.includes(102)) {
    const t = run.s.cards.USA
    const from = t.hand.length ? 'hand' : 'inPlay'
    const pool = t[from]
    if (pool.length) {
      const pick = pool[run.dice.roll(`#102 Union card at random (1-${pool.length})`, pool.length, PUBLIC) - 1]!
      t[from] = pool.filter((c) => c !== pick)
      t.deck = { ...t.deck, discards: [...t.deck.discards, pick] }
      run.say(
        '#102',
        `Matthew Brady: the Union loses #${pick} ${run.cardName(pick)} from its ${from === 'hand' ? 'hand' : 'cards in play'}.`,
        target,
      )
    }
    run.say(
      '#102',
      `Matthew Brady: the failed assault on ${run.name(target)} costs the Union twice its points.`,
      target,
    )
  }
  return { vpTimes: fired.includes(102) ? 2 : 1, riseAgain: fired.includes(107) }
}

/** At the end of a turn the speed bonuses and the names held for the turn lapse, and their cards go to the discards. */
export function endTurnBonuses(run: PhaseRun): void {
  // #40 lasts the turn it was played.
  if (run.s.cards.USA.inPlay.includes(40)) {
    discardFromPlay(run, 'USA', 40)
  }
  const lapsing = run.s.named.filter((n) => n.until === 'turn')
  run.s.named = run.s.named.filter((n) => n.until !== 'turn')
  const cards = [...new Set([...Object.values(run.s.speedBonus).map((b) => b.card), ...lapsing.map((n) => n.card)])]
  for (const card of cards) {
    const def = run.pack.cards.get(card)!
    const t = run.s.cards[def.side]
    t.inPlay = t.inPlay.filter((c) => c !== card)
    settlePlayed(run, def.side, card, def.afterUse === 'held' ? 'discard' : def.afterUse)
  }
  run.s.speedBonus = {}
}

/** The reactive cards a side could set now, for its order form. */
export function reactiveCards(s: RrState, side: Side): number[] {
  return s.cards[side].hand.filter(
    (c) => (REACTIONS[c]?.side ?? BATTLE_CARD_SIDES[c] ?? (isResponse(c) ? side : null)) === side,
  )
}

/** Whether a card is played as a standing reaction (REACT) rather than by PLAY. */
export const isReaction = (card: number): boolean => !!REACTIONS[card] || !!BATTLE_CARD_SIDES[card] || isResponse(card)
