// Standing reactions at the other moments of a phase (PB 23): #56 Infernal Machines as Union ships
// enter a Confederate port or fort, #43 Armed Merchantman as a raider raids, #40 Satin & Lace at the
// first cargo landed in a turn, and the card effects on what a landed cargo is worth.
import { MODERATOR, PUBLIC } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import { settlePlayed } from './cards.ts'
import { cargoValue } from './optionalRules.ts'
import type { PhaseRun } from './phaseRun.ts'
import { answerEntry, fire } from './reactions.ts'
import { dateOf, type RrPiece, type RrState } from './state.ts'
import { faceUpPick } from './cardPicks.ts'

/**
 * Union ships entering a Confederate port or fort (7.73): #81 (reactions.ts), and #56: a die for
 * each ship, on 5-6 it strikes a torpedo and falls back to where it came from; if none is left the
 * Confederacy gains 2 VP. Returns the ships that go on with the attack.
 */
export function shipsEntering(run: PhaseRun, at: string, ships: RrPiece[], from: string): RrPiece[] {
  const fired = fire(run, 'entry', at)
  answerEntry(run, at, fired)
  if (!fired.includes(56)) return ships
  const back: string[] = []
  for (const ship of ships) {
    const die = run.dice.roll(`#56 ${ship.id} among the torpedoes`, 6, PUBLIC)
    if (die < 5) continue
    ship.at = from
    back.push(`${ship.id} (${die})`)
  }
  settlePlayed(run, 'CSA', 56, run.pack.cards.get(56)!.afterUse)
  const left = ships.filter((x) => x.at !== from)
  run.say(
    '#56',
    `Infernal Machines at ${run.name(at)}: ${back.length ? `${back.join(', ')} strike torpedoes and fall back to ${run.name(from)}` : 'no ship strikes a torpedo'}.`,
    at,
  )
  if (!left.length) run.vp(2, '#56', 'Every Union ship fell back from the torpedoes')
  return left
}

/**
 * #43 Armed Merchantman as a raider raids: it is damaged, falls back to the space it came from (or
 * stays where it has none) and neither raids nor moves again this turn. Returns whether it did.
 */
export function armedMerchantman(run: PhaseRun, raider: RrPiece, cameFrom: string | null): boolean {
  if (!fire(run, 'raid', raider.at).includes(43)) return false
  settlePlayed(run, 'USA', 43, run.pack.cards.get(43)!.afterUse)
  const where = raider.at
  if (cameFrom) raider.at = cameFrom
  run.say(
    '#43',
    `Armed Merchantman: ${raider.id} meets an armed merchant ship in ${run.name(where)}, is damaged and ${cameFrom ? `falls back to ${run.name(cameFrom)}` : 'stays there'}: no more raiding or moving this turn.`,
    where,
  )
  return true
}

/** #40 Satin & Lace, standing, acts at the first cargo landed in a turn, and stays face up until the turn ends. */
export function satinAndLace(run: PhaseRun, runner: RrPiece): void {
  if (run.s.thisTurn.includes('satin') || !fire(run, 'unload', runner.at).includes(40)) return
  run.s.thisTurn.push('satin')
  run.s.cards.USA.inPlay.push(40)
  run.say(
    '#40',
    'Satin & Lace, No Guns: this turn a 2-VP European cargo lands for 1 VP (with 18.7, every cargo for half).',
  )
}

/** What a cargo marker lands for this turn: 18.7, then #40 (halved, fractions lost, 18.73), then #87 (+1 a European cargo). */
export function landedValue(s: RrState, marker: number): number {
  let value = cargoValue(s, marker)
  if (s.thisTurn.includes('satin'))
    value = s.options.rules.includes('18.7') ? Math.floor(value / 2) : marker === 2 ? 1 : value
  if (s.thisTurn.includes('cotton') && marker === 2) value += 1
  return value
}

/**
 * The cards played as the other side's build begins: #42 The Horse Soldiers against the Confederate
 * build (a die each, the Union +1 in 1864; a Union total as high takes a build and an arsenal battery
 * this turn), #58 Corruption against the Union's (each ship a build more, an extra assault five;
 * #2 Porter or #3 Yankee Guns, when face up, shuffled back into the Union deck: the Confederate's pick, cardPicks.ts).
 */
export function buildStart(run: PhaseRun, side: 'CSA' | 'USA'): void {
  const answer = side === 'CSA' ? 42 : 58
  // Only the answer to this side's build: the other card would leave the hand unplayed.
  const fired = fire(run, 'build-start', run.s.phase, undefined, undefined, (c) => c === answer)
  if (!fired.length) return
  settlePlayed(run, side === 'CSA' ? 'USA' : 'CSA', answer, run.pack.cards.get(answer)!.afterUse)
  if (answer === 42) {
    const union = run.dice.roll('#42 horse soldiers: Union die', 6, PUBLIC)
    const csa = run.dice.roll('#42 horse soldiers: Confederate die', 6, PUBLIC)
    const bonus = dateOf(run.s.turn).year >= 1864 ? 1 : 0
    const raided = union + bonus >= csa
    if (raided) run.s.thisTurn.push('horse-soldiers')
    run.say(
      '#42',
      `The Horse Soldiers: Union ${union}${bonus ? ' +1' : ''} against ${csa}: ${raided ? 'one Confederate build and one arsenal battery fewer this turn' : 'the raid fails'}.`,
    )
    return
  }
  run.s.thisTurn.push('corruption')
  run.say('#58', 'Corruption: each Union ship costs a build more this turn, and an extra assault five.')
  const t = run.s.cards.USA
  // #2 Porter or #3 Yankee Guns: the Confederate's pick when both are face up.
  const back = faceUpPick(
    run,
    58,
    [2, 3].filter((c) => t.inPlay.includes(c)),
  )
  if (back) {
    t.inPlay = t.inPlay.filter((c) => c !== back)
    t.deck = { ...t.deck, drawPile: shuffled([...t.deck.drawPile, back], run.dice, 'union deck corruption', MODERATOR) }
    run.say('#58', `#${back} ${run.cardName(back)} is shuffled back into the Union deck.`)
  }
}
