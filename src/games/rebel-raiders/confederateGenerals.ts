// The Confederate generals face up in Virginia (PB 23): #104 Stonewall Jackson, two dice more in
// every assault or counterattack at Fredericksburg or Richmond, with a die after each for his life;
// #60 Bobby Lee, one or two Confederate dice rolled again there while losing (not with another
// Confederate reroll), gone when Richmond falls; and the Union's #51 General Incapacitated, which
// strikes one of them, Longstreet or Johnston from the table when a Confederate defence or
// counterattack is beaten.
import { PUBLIC } from '../contract.ts'
import type { CardEffect } from './cardTypes.ts'
import { MODERATOR } from '../contract.ts'
import { shuffled } from '../kit/deck.ts'
import type { PhaseRun } from './phaseRun.ts'
import { fire, quietAssault } from './reactions.ts'
import { discardFromPlay, settlePlayed } from './cards.ts'
import { leeDiceAgain, leeMayDefend } from './leeGoesWest.ts'

const VIRGINIA = ['FRED', 'RICH']
const faceUp = (run: PhaseRun, card: number) => run.s.cards.CSA.inPlay.includes(card)

/** #104: two Confederate dice more at Fredericksburg or Richmond. */
export function jacksonDice(run: PhaseRun, target: string): number {
  if (!faceUp(run, 104) || !VIRGINIA.includes(target) || quietAssault(run.s, target)) return 0
  run.say('#104', `Stonewall Jackson fights at ${run.name(target)}: two Confederate dice more.`, target)
  return 2
}

/** #104 after a combat he fought: on 5-6 he is killed and his card leaves the game. */
export function jacksonAfter(run: PhaseRun, target: string): void {
  if (!faceUp(run, 104) || !VIRGINIA.includes(target) || quietAssault(run.s, target)) return
  const die = run.dice.roll(`#104 Jackson's fate at ${target}`, 6, PUBLIC)
  if (die < 5) return
  const t = run.s.cards.CSA
  t.inPlay = t.inPlay.filter((c) => c !== 104)
  t.removed.push(104)
  run.say('#104', `Stonewall Jackson is killed (die ${die}); his card leaves the game.`, target)
}

/** #60 at Fredericksburg or Richmond while losing: the two lowest Confederate dice rolled again. */
export function leeReroll(run: PhaseRun, target: string, dice: number[]): number[] | null {
  // Where Lee may fight is #60's Virginia, or wider with optional rule 18.5 (leeGoesWest.ts).
  if (!dice.length || quietAssault(run.s, target) || !leeMayDefend(run, target) || !faceUp(run, 60)) return null
  const again = [...dice]
  const lowest = dice
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, Math.min(leeDiceAgain(run), dice.length - 1 || 1))
  for (const { i } of lowest)
    again[i] = run.dice.roll(`#60 Lee: Confederate die ${i + 1} at ${target} rolled again`, 6, PUBLIC)
  run.say('#60', `Bobby Lee: Confederate ${dice.join(',')} become ${again.join(',')}.`, target)
  return again
}

/** #60 leaves the table when the Union takes Richmond. */
export function leeAtRichmondFall(run: PhaseRun, target: string): void {
  if (target !== 'RICH' || !faceUp(run, 60)) return
  discardFromPlay(run, 'CSA', 60)
  run.say('#60', 'Richmond falls: Bobby Lee goes to the Confederate discards.', target)
}

/** #51 when a Confederate defence or counterattack is beaten: the first of #60, #79, #91, #104 face up is discarded. */
export function generalIncapacitated(run: PhaseRun, at: string): void {
  if (!fire(run, 'csa-beaten', at).includes(51)) return
  settlePlayed(run, 'USA', 51, run.pack.cards.get(51)!.afterUse)
  const general = [60, 79, 91, 104].find((c) => faceUp(run, c))
  if (!general) return run.say('#51', 'General Incapacitated: no Confederate general is face up.', at)
  discardFromPlay(run, 'CSA', general)
  run.say('#51', `General Incapacitated: #${general} ${run.cardName(general)} is discarded.`, at)
}

export const GENERAL_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #60 Bobby Lee: face up for the rest of the game.
  60: {
    phases: ['csa-move', 'csa-build', 'union-move', 'union-build'],
    apply(run) {
      run.say('#60', 'Bobby Lee stays face up: at Fredericksburg and Richmond the Confederacy may roll dice again.')
    },
  },
  // #104 Stonewall Jackson: Lee fetched from the deck, the deck shuffled; face up for the rest of the game.
  104: {
    phases: ['csa-move', 'csa-build', 'union-move', 'union-build'],
    apply(run) {
      const t = run.s.cards.CSA
      const lee = t.deck.drawPile.includes(60)
      if (lee) t.hand.push(60)
      t.deck = {
        ...t.deck,
        drawPile: shuffled(
          t.deck.drawPile.filter((c) => c !== 60),
          run.dice,
          'confederate deck stonewall jackson',
          MODERATOR,
        ),
      }
      run.say(
        '#104',
        `Stonewall Jackson stays face up${lee ? '; the Confederate player takes Bobby Lee from his deck' : ''}; the deck is shuffled.`,
      )
    },
  },
}
