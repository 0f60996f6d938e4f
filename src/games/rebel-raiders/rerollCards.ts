// Union dice rolled again after they are cast (PB 23, in our own words): #3 Yankee Guns, face up for
// the rest of the game, lets each Union screw sloop and ironclad roll one missed die again in one
// round of every battle: the round the Union names as it lays the card (`PLAY 3 AT <round>`), the
// first by default (ruling RR-K12); #27 USS Housatonic lets one sloop roll again one
// missed combat die, or its speed die when a Confederate ship got past it. A new result stands.
import { PUBLIC } from '../contract.ts'
import type { CardEffect } from './cardTypes.ts'
import type { RoundStart, Unit } from './combat.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { type Scene, unionUnits } from './battleCardTable.ts'
import { candidates, takeCard } from './battleCardPlay.ts'
import { csaSpeedMod } from './evasionCards.ts'
import { type Interception, speedBonus } from './speed.ts'
import type { RrPiece } from './state.ts'
import { unit } from './phaseRun.ts'

/** The round of each battle #3 acts in: the one the Union named as it laid the card, else the first (ruling RR-K12). */
const yankeeRound = (run: PhaseRun) => run.s.yankeeGunsRound ?? 1

const gunned = (u: Unit) => u.side === 'USA' && (u.type === 'sloop' || u.type === 'ironclad')

/** #3 face up: the round's allowance of one missed die again for each Union sloop and ironclad. */
export function yankeeGuns(run: PhaseRun, scene: Scene): ((n: number, a: Unit[], d: Unit[]) => RoundStart) | null {
  if (!run.s.cards.USA.inPlay.includes(3) || !unionUnits(scene).some(gunned)) return null
  run.say(
    '#3',
    `Yankee Guns: in round ${yankeeRound(run)} each Union screw sloop and ironclad may roll one missed die again.`,
    scene.where,
  )
  return (n, a, d) => {
    if (n !== yankeeRound(run)) return {}
    for (const u of [...a, ...d].filter(gunned)) u.now = { ...u.now, missRerolls: (u.now?.missRerolls ?? 0) + 1 }
    return {}
  }
}

/** #27 in a battle: asked as a Union sloop's die misses, the card (held or standing) is played then. */
export function housatonicInBattle(run: PhaseRun, scene: Scene, played: { card: number; side: 'USA' | 'CSA' }[]) {
  for (const sloop of unionUnits(scene).filter((u) => u.type === 'sloop')) {
    const again = (): boolean => {
      const c = candidates(run, 'USA', scene, (n) => n === 27).find(
        (x) => !x.at || x.at === sloop.id || x.at === scene.where,
      )
      if (!c || !takeCard(run, 'USA', c, scene.where)) return false
      settlePlayed(run, 'USA', 27, run.pack.cards.get(27)!.afterUse)
      played.push({ card: 27, side: 'USA' })
      run.say('#27', `${sloop.id} is the Housatonic: it rolls a missed die again.`, scene.where)
      return true
    }
    sloop.card = { ...sloop.card, rerollMiss: again }
  }
}

/**
 * #27 at a speed roll (7.78): when the Confederate ship got past and a roll with a sloop in it could
 * still beat it, that roll's die is cast again; the Confederate die is rolled then if it had not been
 * (no Union total could beat it before). The new result stands.
 */
export function housatonicSpeed(
  run: PhaseRun,
  target: RrPiece,
  searchers: RrPiece[],
  r: Interception,
  priorRaids = 0,
): Interception {
  if (!r.evaded) return r
  const sloops = new Set(searchers.filter((p) => p.type === 'sloop').map((p) => p.id))
  const bonus =
    speedBonus(target.type as 'runner' | 'raider', run.space(target.at).kind, priorRaids) + csaSpeedMod(run, target)
  const toBeat = r.csa ? r.csa.total : 1 + bonus
  const pick = r.union
    .filter((u) => u.ships.some((id) => sloops.has(id)) && u.total - u.die + 6 > toBeat)
    .sort((a, b) => b.total - a.total)[0]
  if (!pick) return r
  const scene: Scene = {
    where: target.at,
    attackerSide: 'USA',
    attackers: searchers.map(unit),
    defenders: [unit(target)],
  }
  const c = candidates(run, 'USA', scene, (n) => n === 27).find(
    (x) => !x.at || x.at === target.at || pick.ships.includes(x.at),
  )
  if (!c || !takeCard(run, 'USA', c, target.at)) return r
  settlePlayed(run, 'USA', 27, run.pack.cards.get(27)!.afterUse)
  const die = run.dice.roll(`#27 speed die of ${pick.ships.join('+')} rolled again`, 6, PUBLIC)
  const total = pick.total - pick.die + die
  const union = r.union.map((u) => (u === pick ? { ...u, die, total } : u))
  let csa = r.csa
  if (!csa && total > 1 + bonus) {
    const own = run.dice.roll(`speed of ${target.id}`, 6, PUBLIC)
    csa = { die: own, total: own + bonus }
  }
  const caught = !!csa && total > csa.total
  run.say(
    '#27',
    `USS Housatonic: ${pick.ships.join('+')} rolls its speed die again: ${die} (${total}${csa ? ` against ${csa.total}` : ''}): ${caught ? `${target.id} is caught` : `${target.id} still gets away`}.`,
    target.at,
  )
  return caught
    ? { union, csa, winners: [{ ships: pick.ships, total }], evaded: false }
    : { union, csa, winners: [], evaded: true }
}

export const REROLL_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #3 Yankee Guns: laid face up for the rest of the game.
  3: {
    phases: ['union-move', 'union-build'],
    check: (_s, _pack, _side, play) =>
      play.at === undefined || /^[1-9]$/.test(play.at)
        ? null
        : 'write PLAY 3, or PLAY 3 AT <round> to name the round of each battle it acts in (1-9; the first by default)',
    apply(run, _side, play) {
      if (play.at) run.s.yankeeGunsRound = Number(play.at)
      run.say(
        '#3',
        `Yankee Guns stays face up: Union sloops and ironclads roll a missed die again in round ${yankeeRound(run)} of every battle.`,
      )
    },
  },
}
