// PB 18.5 Lee Goes West: #60 Bobby Lee is a sure draw for the December 1861 build (18.51) and may
// defend outside Virginia (18.52-18.53). `LEE AT <space>|ALL` (Confederate, standing; `LEE OFF`)
// names where he should try to go (ruling RR-O10). When he is needed there (the Confederacy losing an
// assault or counterattack he could turn), a die decides whether he leaves Virginia: from the hand
// 3-6, face up 5-6 while his marker is in Virginia. Outside Virginia he holds that one space for the
// turn; in Virginia he may move among Richmond, Fredericksburg, Norfolk and Richmond's neighbours,
// one die again after the first move. If the space he holds falls, a die (1 less in Virginia): 1-2
// back to the hand, 3-5 shuffled into the deck, 6 killed.
import { MODERATOR, onlyRoles, PUBLIC } from '../contract.ts'
import { removeCard, shuffled } from '../kit/deck.ts'
import { usesRule } from './optionalRules.ts'
import type { RrCommand } from './orderTypes.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import type { LeeMarker } from './state.ts'

const LEE = 60
/** The card's own spaces (#60, as confederateGenerals.ts reads them); the pack gives 18.5's Virginia. */
const CARD_SPACES = ['FRED', 'RICH']

/** Where Lee's marker is and what he did this turn. */

const virginia = (run: PhaseRun) =>
  new Set([...run.pack.optional.leeGoesWest.virginia, ...run.pack.map.neighbours('RICH', ['land'])])

/** A LEE line, or why it is refused. */
export function readLee(state: RrState, side: Side, at: string[], line: number): RrCommand | string {
  if (!usesRule(state, '18.5')) return 'Lee Goes West is optional rule 18.5, not chosen for this game'
  if (side !== 'CSA') return 'only the Confederacy sends Lee (18.5)'
  return { kind: 'lee', line, at }
}

/** A standing LEE order takes effect. */
export function leeStanding(s: RrState, commands: RrCommand[]): void {
  for (const c of commands) if (c.kind === 'lee') (s.marks ??= {}).leeWanted = c.at
}

/** 18.51: as the December 1861 Confederate build opens, Lee is one of its draws; the cards fewer to draw. */
export function leeDecember1861(run: PhaseRun): number {
  const t = run.s.cards.CSA
  const inDeck = t.deck.drawPile.includes(LEE) || t.deck.discards.includes(LEE)
  if (!usesRule(run.s, '18.5') || run.s.turn !== 3 || !inDeck) return 0
  t.deck = removeCard(t.deck, LEE)
  t.hand.push(LEE)
  t.drawnOn[LEE] = run.s.turn
  run.tell(onlyRoles('confederate'), '18.51', 'Bobby Lee is one of your draws for this build (18.51).')
  return 1
}

/** Whether Lee may turn this combat at `target` (#60's Virginia without 18.5); brings him in from the hand if needed. */
export function leeMayDefend(run: PhaseRun, target: string): boolean {
  if (!usesRule(run.s, '18.5')) return CARD_SPACES.includes(target)
  const t = run.s.cards.CSA
  const inHand = t.hand.includes(LEE)
  if (!inHand && !t.inPlay.includes(LEE)) return false
  const wanted = run.s.marks?.leeWanted ?? []
  const wantedHere = wanted.includes(target) || wanted.includes('ALL')
  // From the hand he comes only where the Confederate sends him (ruling RR-O10).
  if (inHand && !wantedHere) return false
  const marks = (run.s.marks ??= {})
  const lee: LeeMarker = (marks.lee ??= {})
  const home = virginia(run).has(target)
  if (lee.turn === run.s.turn && lee.at && !virginia(run).has(lee.at) && lee.at !== target) return false
  if (!home && !(lee.turn === run.s.turn && lee.at === target)) {
    if (!wantedHere) return false
    if (!lee.free) {
      const die = run.dice.roll(`18.52 Lee leaves Virginia for ${target}`, 6, PUBLIC)
      lee.free = die >= (inHand ? 3 : 5)
      if (inHand) faceUp(run)
      run.say(
        '18.52',
        `Lee is asked to leave Virginia for ${run.name(target)} (die ${die}): ${lee.free ? 'he goes' : 'he refuses'}.`,
        target,
      )
      if (!lee.free) return false
    }
  } else if (inHand) faceUp(run)
  if (home) lee.free = false
  if (lee.turn === run.s.turn && lee.at && lee.at !== target) lee.moved = true
  if (lee.turn !== run.s.turn) lee.moved = false
  lee.turn = run.s.turn
  lee.at = target
  return true
}

/** Lee's card face up from the hand (18.52). */
function faceUp(run: PhaseRun): void {
  const t = run.s.cards.CSA
  t.hand = t.hand.filter((c) => c !== LEE)
  t.inPlay.push(LEE)
  run.say('18.52', 'The Confederacy puts Bobby Lee face up.')
}

/** How many Confederate dice Lee rolls again: two, one after moving between spaces this turn (18.53). */
export const leeDiceAgain = (run: PhaseRun): number =>
  usesRule(run.s, '18.5') && run.s.marks?.lee?.moved && run.s.marks.lee.turn === run.s.turn ? 1 : 2

/** 18.53: the space Lee held this turn falls: his fate on a die, a point less in Virginia. */
export function leeFalls(run: PhaseRun, target: string): void {
  const lee = run.s.marks?.lee
  const t = run.s.cards.CSA
  if (!usesRule(run.s, '18.5') || !lee || lee.turn !== run.s.turn || lee.at !== target || !t.inPlay.includes(LEE))
    return
  const die = run.dice.roll(`18.53 Lee's fate at ${target}`, 6, PUBLIC)
  const fate = die - (virginia(run).has(target) ? 1 : 0)
  t.inPlay = t.inPlay.filter((c) => c !== LEE)
  delete run.s.marks!.lee
  if (fate <= 2) {
    t.hand.push(LEE)
    run.say('18.53', `${run.name(target)} falls; Lee (die ${die}) goes back to the Confederate hand.`, target)
  } else if (fate <= 5) {
    t.deck = {
      ...t.deck,
      drawPile: shuffled([...t.deck.drawPile, LEE], run.dice, `confederate deck lee ${run.s.turn}`, MODERATOR),
    }
    run.say(
      '18.53',
      `${run.name(target)} falls; Lee (die ${die}) goes back into the Confederate deck, shuffled.`,
      target,
    )
  } else {
    t.removed.push(LEE)
    run.say('18.53', `${run.name(target)} falls and Lee is killed (die ${die}); his card leaves the game.`, target)
  }
}
