// The Confederate cards of the cargoes (PB 23, in our own words): #99 The Queen's Artillery turns a
// landed 2-VP cargo into a battery in a Confederate city, port or fort instead of its points
// (ruling RR-K15); #93 Herrera & Co. and #94 To the Dark Shores lay 1-VP cargo markers in their
// ports, and a runner loading there takes one on top of its load (ruling RR-K17).
import type { CardEffect } from './cardTypes.ts'
import { BATTERY_PLACES, holder, spacesOf } from './cardPlaces.ts'
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

/** A runner loading in a port where #93 or #94 laid markers takes one on top of its load (its load, if it found none free). */
export function loadPortMarker(run: PhaseRun, runner: RrPiece): void {
  const left = run.s.portCargo?.[runner.at] ?? 0
  if (runner.type !== 'runner' || !left) return
  run.s.portCargo = { ...run.s.portCargo, [runner.at]: left - 1 }
  if (runner.cargo === undefined) runner.cargo = 1
  else runner.extraCargo = (runner.extraCargo ?? 0) + 1
  run.say(
    '9.1',
    `${runner.id} also takes a 1-VP cargo marker waiting in ${run.name(runner.at)} (${left - 1} left there; ruling RR-K17).`,
    runner.at,
  )
}

/** #93 and #94: markers laid port by port, up to `perPort` in each while the 1-VP pool lasts (9.3). */
function layMarkers(most: number): CardEffect {
  return {
    phases: ['csa-move', 'csa-build'],
    check: (_s, _pack, _side, play) => {
      if (!play.at) return null
      const n = Number(play.at)
      return Number.isInteger(n) && n >= 1 && n <= most
        ? null
        : `write PLAY ${play.card} [AT <markers a port, 1-${most}>]`
    },
    apply(run, _side, play) {
      const ports = spacesOf(run.pack, play.card)
      const perPort = play.at ? Number(play.at) : 1
      for (let k = 0; k < perPort; k++)
        for (const port of ports)
          if (run.cargoFree(1)) run.s.portCargo = { ...run.s.portCargo, [port]: (run.s.portCargo?.[port] ?? 0) + 1 }
      const laid = ports.map((p) => `${run.s.portCargo?.[p] ?? 0} in ${run.name(p)}`).join(', ')
      run.say(`#${play.card}`, `${run.cardName(play.card)}: 1-VP cargo markers wait for the runners: ${laid}.`)
    },
  }
}

export const CARGO_EFFECTS: Readonly<Record<number, CardEffect>> = {
  93: layMarkers(4),
  94: layMarkers(3),
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

/** #93 or #94 played in these Confederate move orders lays its markers first: loaded runners may add one (checked on receipt). */
export function withOrderedCargo(s: RrState, pack: RebelPack, text: string): RrState {
  if (s.phase !== 'csa-move') return s
  let portCargo = s.portCargo
  for (const card of [93, 94]) {
    const m = new RegExp(`^\\s*PLAY\\s+#?${card}(?:\\s+AT\\s+(\\d+))?\\s*$`, 'im').exec(text)
    if (!m || !s.cards.CSA.hand.includes(card)) continue
    for (const port of spacesOf(pack, card))
      portCargo = { ...portCargo, [port]: (portCargo?.[port] ?? 0) + Number(m[1] ?? 1) }
  }
  return portCargo === s.portCargo ? s : { ...s, portCargo }
}
