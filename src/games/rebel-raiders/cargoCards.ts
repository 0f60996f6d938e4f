// The Confederate cards that change what a runner's cargo brings (PB 23, in our own words): #99 The
// Queen's Artillery turns a landed 2-VP cargo into a battery in a Confederate city, port or fort
// instead of its points (ruling RR-K15).
import type { CardEffect } from './cardTypes.ts'
import { BATTERY_PLACES, holder } from './cardPlaces.ts'
import type { RebelPack } from './pack.ts'
import type { PhaseRun } from './phaseRun.ts'
import type { RrPiece, RrState } from './state.ts'

/** Why a battery may not go to `at` now: a Confederate city, port or fort with room (6.12). */
function batteryProblem(s: RrState, pack: RebelPack, at: string | undefined): string | null {
  if (!at) return 'name the place for the battery: PLAY 99 AT <city, port or fort>'
  const sp = pack.map.has(at) ? pack.map.space(at) : null
  if (!sp || !BATTERY_PLACES.includes(sp.kind) || holder(s, pack, at) !== 'CSA')
    return `${at} is not a Confederate city, port or fort`
  const limit = pack.pieces.stacking.batteriesPerSpace
  const there = s.pieces.filter((p) => p.at === at && p.type === 'battery').length
  return there >= limit ? `${sp.name} already holds ${limit} batteries (6.12)` : null
}

/** #40 Satin & Lace in play this turn (face up, or already acting on a cargo). */
const satin = (s: RrState) => s.cards.USA.inPlay.includes(40) || s.thisTurn.includes('satin')

/**
 * #99 as a 2-VP cargo is landed: the battery goes in where the play named, instead of the cargo's
 * points. Returns whether it did; with #40 in play, or the place lost or full, the cargo scores.
 */
export function queensArtillery(run: PhaseRun, runner: RrPiece): boolean {
  if (runner.cargo !== 2) return false
  const bonus = run.s.pending.find((b) => b.on === 'artillery')
  if (!bonus || satin(run.s)) return false
  const problem = batteryProblem(run.s, run.pack, bonus.at)
  if (problem) {
    run.say('#99', `The Queen's Artillery cannot land its battery: ${problem}; the cargo scores.`, runner.at)
    return false
  }
  run.s.pending = run.s.pending.filter((b) => b !== bonus)
  delete runner.cargo
  const battery = run.add('CSA', 'battery', bonus.at)
  run.say(
    '#99',
    `The Queen's Artillery: ${runner.id}'s 2-VP cargo becomes battery ${battery.id} in ${run.name(bonus.at)} instead of its points.`,
    bonus.at,
  )
  return true
}

export const CARGO_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #99 The Queen's Artillery: waits in the move for the first 2-VP cargo landed.
  99: {
    phases: ['csa-move'],
    check: (s, pack, _side, play) =>
      satin(s) ? 'not while #40 Satin & Lace, No Guns is in play' : batteryProblem(s, pack, play.at),
    apply(run, _side, play) {
      run.s.pending.push({ card: play.card, on: 'artillery', at: play.at!, amount: 0 })
      run.say('#99', `The first 2-VP cargo landed this phase will be a battery in ${run.name(play.at!)} instead.`)
    },
  },
}
