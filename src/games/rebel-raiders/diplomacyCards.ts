// The cards of foreign affairs (PB 23, in our own words). The Trent Affair face up opens #61
// Maximillian (a free runner at Vera Cruz every Confederate build, and a lighter wear and tear of
// war for the Gulf and Mississippi places the Confederacy holds) and #62 Royal Navy (the European
// seas closed to Union ships, three Union sloops held on the card), until the Emancipation
// Proclamation takes them out of the game (17.33). The Union's #55 Diplomatic Pressure discards the
// Trent Affair and Royal Navy, or after the Emancipation closes a European port to the Confederacy,
// or with the Lion's Roar (18.36) takes away a Royal Navy or Maximillian its dice kept.
import { PUBLIC } from '../contract.ts'
import type { CardEffect } from './cardTypes.ts'
import { discardFromPlay, settlePlayed } from './cards.ts'
import { spacesOf } from './cardPlaces.ts'
import { type CardBuildRoom, heldBy, releaseFromCard, takeOntoCard } from './heldShips.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import { fire } from './reactions.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import { usesRule } from './optionalRules.ts'

const trentInPlay = (s: { cards: { CSA: { inPlay: number[] } } }) => s.cards.CSA.inPlay.includes(83)
// After the Emancipation #61 is in play only when the Lion's Roar kept it (18.36).
const maximillian = (run: PhaseRun) => run.s.cards.CSA.inPlay.includes(61)
/** 18.36: the cards the Lion's Roar may keep past the Emancipation, which #55 may then take away. */
const ROARING = ['61', '62']

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

/** The spaces cards in play close to a side's ships: #62 the European seas to the Union. */
export function closedSeas(s: RrState, pack: RebelPack): { side: Side; spaces: string[]; why: string }[] {
  if (!s.cards.CSA.inPlay.includes(62)) return []
  return [{ side: 'USA', spaces: spacesOf(pack, 62).slice(0, 2), why: 'the Royal Navy closes the European seas (#62)' }]
}

/**
 * #62 as the Union build begins (a standing Confederate answer, once the Trent Affair is face up):
 * Union ships in the European seas go to the Mid-Atlantic, and three Union sloops go onto the card.
 */
export function royalNavy(run: PhaseRun, room?: CardBuildRoom): void {
  if (run.s.emancipated || !trentInPlay(run.s)) return
  const phase = run.s.phase
  if (!fire(run, 'build-start', phase, undefined, undefined, (c) => c === 62).includes(62)) return
  settlePlayed(run, 'CSA', 62, run.pack.cards.get(62)!.afterUse)
  const [channel, biscay, out] = spacesOf(run.pack, 62) as [string, string, string]
  const moved = run.s.pieces.filter((p) => p.side === 'USA' && (p.at === channel || p.at === biscay))
  for (const p of moved) p.at = out
  const taken = takeOntoCard(run, 62, ['sloop', 'sloop', 'sloop'], room)
  run.say(
    '#62',
    `Royal Navy: Union ships may not enter the European seas${moved.length ? `; ${moved.map((p) => p.id).join(', ')} go to ${run.name(out)}` : ''}; ${taken.length ? `${taken.join(', ')} are held on the card (ruling RR-K16)` : 'the Union has no sloop to put on the card'}.`,
  )
}

/** #62 cancelled (#55, the Emancipation): its sloops go to the Navy Yards. */
export function endRoyalNavy(run: PhaseRun): void {
  if (!heldBy(run.s, 62).length) return
  const back = releaseFromCard(run, 62, () => 'NAVY')
  run.say('#62', `The Royal Navy card is gone: ${back.join(', ')} return to the Navy Yards.`)
}

/** #55 (b): a Union control marker in a European port; each Confederate ship there is seized (1-3) or put to sea (4-6). */
function closePort(run: PhaseRun, port: string): void {
  run.s.control[port] = 'USA'
  run.say(
    '#55',
    `Diplomatic Pressure: a Union control marker in ${run.name(port)}; no raider or runner may enter, be built or placed there.`,
    port,
  )
  const sea = run.pack.map.neighbours(port, ['port'])[0]!
  for (const p of run.piecesAt(port, 'CSA')) {
    const die = run.dice.roll(`#55 ${p.id} in ${port}`, 6, PUBLIC)
    if (die <= 3) run.remove([p.id])
    else p.at = sea
    run.say('#55', `${p.id}: die ${die}, ${die <= 3 ? 'seized' : `put to sea in ${run.name(sea)}`}.`, port)
  }
}

/** Why `PLAY 55 AT 61|62` (18.36's choice instead of the card's own effect) may not be played, or null. */
function roarProblem(s: RrState, card: number): string | null {
  if (!usesRule(s, '18.36') || !s.emancipated)
    return `PLAY 55 AT ${card} is the Lion's Roar's choice (optional rule 18.36), once the Emancipation has come`
  return s.cards.CSA.inPlay.includes(card) ? null : `#${card} is not in play`
}

/** 18.36: #55 takes away a #61 or #62 the Lion's Roar kept; out of the game, as the Emancipation would have had it (ruling RR-O12). */
function silenceTheLion(run: PhaseRun, card: number): void {
  const t = run.s.cards.CSA
  t.inPlay = t.inPlay.filter((c) => c !== card)
  t.removed.push(card)
  run.say(
    '#55',
    `Diplomatic Pressure (18.36): #${card} ${run.cardName(card)} kept by the Lion's Roar is discarded, out of the game.`,
  )
  if (card === 62) endRoyalNavy(run)
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
  // #55 Diplomatic Pressure: PLAY 55 discards #83 and #62 (both when both are face up, digest A34);
  // PLAY 55 AT <European port> after the Emancipation closes that port and stays face up while it holds.
  55: {
    phases: ['union-move', 'union-build'],
    check: (s, pack, _side, play) => {
      const ports = spacesOf(pack, 55)
      if (!play.at)
        return s.cards.CSA.inPlay.some((c) => c === 83 || c === 62)
          ? null
          : `neither #83 Trent Affair nor #62 Royal Navy is in play (or, after the Emancipation: PLAY 55 AT ${ports.join('|')})`
      if (ROARING.includes(play.at)) return roarProblem(s, Number(play.at))
      if (!ports.includes(play.at)) return `name a European port: PLAY 55 AT ${ports.join(' or AT ')}`
      if (!s.emancipated) return 'a European port is closed only after the Emancipation Proclamation (17.3)'
      return s.control[play.at] === 'USA' ? `${play.at} already has a Union control marker` : null
    },
    afterUse: (play) => (play.at && !ROARING.includes(play.at) ? 'retain' : 'discard'),
    apply(run, _side, play) {
      if (play.at && ROARING.includes(play.at)) return silenceTheLion(run, Number(play.at))
      if (play.at) return closePort(run, play.at)
      for (const card of [83, 62].filter((c) => run.s.cards.CSA.inPlay.includes(c))) {
        discardFromPlay(run, 'CSA', card)
        run.say('#55', `Diplomatic Pressure: #${card} ${run.cardName(card)} is discarded.`)
      }
      endRoyalNavy(run)
    },
  },
}
