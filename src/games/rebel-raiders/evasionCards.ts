// The cards played as a Confederate ship tries to slip past Union ships (7.78, PB 23), as standing
// reactions: the Union's named searchers (#9, #14, #16, #17, #21) and the Iroquois' chase (#12); the
// Confederate answers: #90 cancelling a Union card aimed at a runner (the Rhett, then untouchable for
// the turn), #106 a raider's +1 for the turn before the dice, #66 and #67 a runner's +1 played after
// its die when it turns a catch into an escape. Named Confederate ships keep their speed strengths.
import { PUBLIC } from '../contract.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { type Evasion, fire, nameable } from './reactions.ts'
import { type Interception, speedBonus } from './speed.ts'
import type { RrPiece } from './state.ts'

/** Named ships that no Union card or interception may touch this turn (#90 the Rhett, #96 the Bonneau). */
export const untouchable = (run: PhaseRun, p: RrPiece): boolean =>
  run.s.named.some((n) => n.ship === p.id && (n.card === 90 || n.card === 96))

/** What a Confederate ship adds to its speed rolls: a card's bonus for the turn, the Alabama's +1, the Stonewall rolling as an ironclad. */
export function csaSpeedMod(run: PhaseRun, p: RrPiece): number {
  const named = run.s.named.find((n) => n.ship === p.id)?.card
  const bonus = run.s.speedBonus[p.id]?.amount ?? 0
  if (named === 63) return bonus + 1
  if (named === 74 && p.type === 'raider') return bonus - speedBonus('raider', run.space(p.at).kind)
  return bonus
}

/** The Shenandoah's +2 on its raids (#64). */
export const raidMod = (run: PhaseRun, p: RrPiece): number =>
  run.s.named.some((n) => n.ship === p.id && n.card === 64) ? 2 : 0

/**
 * The Union's answers as a Confederate ship tries to evade (7.78): #9, #16, #17, #21 name a searching
 * ship that adds 2 to its speed rolls until the turn ends, #14 a sloop after a raider (+1, and a die
 * more against raiders); #12 decides a runner's chase alone: it is sunk unless its own die is a 6.
 * A runner's #90 cancels them. Then a raider's #106, before the dice.
 */
export function answerInterception(run: PhaseRun, target: RrPiece, searchers: RrPiece[]): 'sunk' | 'escaped' | null {
  if (untouchable(run, target)) {
    run.say('#90', `${target.id} is beyond the Union's reach this turn and slips past.`, target.at)
    return 'escaped'
  }
  const evasion: Evasion = { target, inStation: run.space(target.at).kind === 'blockadeStation', searchers }
  const unionCards = fire(run, 'interception', target.at, undefined, evasion)
  // Each card fired claimed its own ship; they are named below in the same order.
  evasion.claimed = []
  if (unionCards.length && target.type === 'runner' && fire(run, 'union-card-at-runner', target.at).includes(90)) {
    const t = run.s.cards.USA
    t.deck = { ...t.deck, discards: [...t.deck.discards, ...unionCards] }
    settlePlayed(run, 'CSA', 90, 'held')
    run.s.named.push({ ship: target.id, card: 90, until: 'turn' })
    run.say(
      '#90',
      `Frankly, My Dear…: ${unionCards.map((c) => `#${c}`).join(', ')} cancelled; ${target.id} is the Rhett, beyond the Union's cards and interception this turn.`,
      target.at,
    )
    return 'escaped'
  }
  for (const card of unionCards) {
    if (card === 12) {
      const die = run.dice.roll(`#12 ${target.id} against the Iroquois`, 6, PUBLIC)
      settlePlayed(run, 'USA', card, run.pack.cards.get(card)!.afterUse)
      if (die === 6) {
        run.say('#12', `USS Iroquois: ${target.id} rolls a 6 and gets away.`, target.at)
        return 'escaped'
      }
      run.remove([target.id])
      run.say(
        '#12',
        `USS Iroquois: ${target.id} rolls ${die}: caught and sunk${target.cargo ? ' with its cargo' : ''}.`,
        target.at,
      )
      return 'sunk'
    }
    const ship = nameable(run, evasion, card === 9 || card === 16 || card === 17 ? 'gunboat' : 'sloop')!
    const amount = card === 14 ? 1 : 2
    run.s.speedBonus[ship.id] = { amount, card }
    run.s.cards.USA.inPlay.push(card)
    if (card === 14) run.s.named.push({ ship: ship.id, card, until: 'turn' })
    run.say(
      `#${card}`,
      `${run.cardName(card)}: ${ship.id} adds ${amount} to its speed rolls until the turn ends${card === 14 ? ', and rolls a die more at raiders' : ''}.`,
      target.at,
    )
  }
  // #106 is not for the named raiders (the Alabama, the Shenandoah, the Stonewall).
  if (target.type === 'raider' && !run.s.speedBonus[target.id] && !run.s.named.some((n) => n.ship === target.id))
    for (const card of fire(run, 'raider-chased', target.at)) raiderBonus(run, target, card)
  return null
}

/** #106 Most Brilliant Daredevil on a raider: +1 to its speed rolls for the whole turn (not the Alabama, Shenandoah or Stonewall). */
export function raiderBonus(run: PhaseRun, raider: RrPiece, card: number): void {
  run.s.speedBonus[raider.id] = { amount: 1, card }
  settlePlayed(run, 'CSA', card, 'held')
  run.say(
    `#${card}`,
    `${run.cardName(card)}: ${raider.id} adds 1 to its speed rolls for the rest of the turn.`,
    raider.at,
  )
}

/** #66, #67 after a runner's die: played when its +1 for the turn lets it slip past every Union total. */
export function runnerAfterDice(run: PhaseRun, target: RrPiece, r: Interception): boolean {
  if (target.type !== 'runner' || r.evaded || !r.csa || run.s.speedBonus[target.id]) return false
  const best = Math.max(...r.union.map((u) => u.total))
  if (best > r.csa.total + 1) return false
  const [card] = fire(run, 'runner-caught', target.at)
  if (!card) return false
  run.s.speedBonus[target.id] = { amount: 1, card }
  settlePlayed(run, 'CSA', card, 'held')
  run.say(
    `#${card}`,
    `${run.cardName(card)}: ${target.id} adds 1 (now ${r.csa.total + 1} against ${best}) and slips past.`,
    target.at,
  )
  return true
}
