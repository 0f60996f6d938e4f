// The contexts the rule modules read, built from the game state and the pack.
import type { BuildContext } from './buildTypes.ts'
import type { MoveContext } from './movement.ts'
import type { RebelPack } from './pack.ts'
import { closedSeas } from './diplomacyCards.ts'
import { namedWaters } from './namedShips.ts'
import { stormed } from './weatherCards.ts'
import { coaling, coeurDeLionZones } from './moveCards.ts'
import { dateOf, type RrState } from './state.ts'
import type { Side } from './setup.ts'
import { ironcladsPlaced } from './arrivals.ts'

export function moveContext(state: RrState, pack: RebelPack): MoveContext {
  return {
    map: pack.map,
    pieces: pack.pieces,
    position: { turn: state.turn, vp: state.vp, unionPawns: state.unionPawns, pieces: state.pieces },
    control: state.control,
    closed: closedSeas(state, pack),
    freeWaters: namedWaters(state, pack),
    stormed: stormed(state),
    coaling: coaling(state),
    coeurDeLion: coeurDeLionZones(state, pack),
    ...(state.portCargo ? { portCargo: state.portCargo } : {}),
  }
}

/**
 * `extra` names this phase's card effects the orders bring with them (a PLAY line not yet resolved);
 * `side` and `chosen` (its PLACE lines) give where its ironclads are placed this build (14.24, 15.42).
 */
export function buildContext(
  state: RrState,
  pack: RebelPack,
  exchanged: number,
  extra: string[] = [],
  side?: Side,
  chosen: readonly string[] = [],
): BuildContext {
  const effects = [...state.thisTurn, ...extra]
  return {
    map: pack.map,
    control: state.control,
    turn: state.turn,
    year: dateOf(state.turn).year,
    vp: state.vp - 5 * exchanged,
    citiesLost: state.citiesLost,
    razed: new Set(state.razed),
    specialPoints: exchanged,
    ironcladsPlaced: side ? ironcladsPlaced(state, pack, side, chosen) : [],
    extraArsenalBatteries: effects.filter((e) => e === 'tredegar').length,
    raided: effects.includes('horse-soldiers'),
    corrupted: effects.includes('corruption'),
    rules: state.options.rules,
    repairYards: pack.optional.repairs.unionYards,
    damaged: state.pieces.filter((p) => p.damaged).map((p) => ({ id: p.id, side: p.side, at: p.at })),
    ...(state.marks?.yankee?.turn === state.turn ? { yankee: state.marks.yankee } : {}),
    freeShips: state.options.rules.includes('18.24') ? dateOf(state.turn).year % 10 : 0,
    ...(state.marks?.riots?.turn === state.turn ? { riots: state.marks.riots.builds } : {}),
  }
}
