// The cards of foreign affairs (PB 23, in our own words): #61 Maximillian, which the Trent Affair
// opens (a free runner at Vera Cruz every Confederate build, and a lighter wear and tear of war for
// the Gulf and Mississippi places the Confederacy holds), until the Emancipation Proclamation takes
// it out of the game (17.33).
import type { CardEffect } from './cardTypes.ts'
import { spacesOf } from './cardPlaces.ts'
import type { PhaseRun } from './phaseRun.ts'

const trentInPlay = (s: { cards: { CSA: { inPlay: number[] } } }) => s.cards.CSA.inPlay.includes(83)
const maximillian = (run: PhaseRun) => run.s.cards.CSA.inPlay.includes(61) && !run.s.emancipated

/** #61 in a Confederate build: a free blockade runner in Vera Cruz (the card's first space). */
export function maximillianRunner(run: PhaseRun): void {
  if (!maximillian(run)) return
  const vera = spacesOf(run.pack, 61)[0]!
  run.say('#61', `Maximillian: a free blockade runner ${run.add('CSA', 'runner', vera).id} in ${run.name(vera)}.`, vera)
}

/**
 * #61 after the supply dice (13.21): the loss is one point less for each of the card's other places
 * the Confederacy holds; it never turns into a gain (ruling RR-K11).
 */
export function maximillianSupply(run: PhaseRun, loss: { dice: number[]; vp: number }): { dice: number[]; vp: number } {
  if (!maximillian(run) || loss.vp >= 0) return loss
  const held = spacesOf(run.pack, 61)
    .slice(1)
    .filter((id) => run.holder(id) === 'CSA')
  if (!held.length) return loss
  const vp = Math.min(0, loss.vp + held.length)
  run.say(
    '#61',
    `Maximillian: the supply loss is ${vp - loss.vp} less for ${held.map((id) => run.name(id)).join(', ')} (ruling RR-K11).`,
  )
  return { ...loss, vp }
}

export const DIPLOMACY_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #61 Maximillian: only once #83 Trent Affair lies face up; it stays face up until the Emancipation.
  61: {
    phases: ['csa-move', 'csa-build'],
    check: (s) =>
      s.emancipated
        ? 'not after the Emancipation Proclamation (17.33)'
        : trentInPlay(s)
          ? null
          : 'it is played only once #83 Trent Affair is face up',
    apply(run) {
      run.say(
        '#61',
        'Maximillian stays face up: a free runner at Vera Cruz each Confederate build, and lighter supply losses.',
      )
    },
  },
}
