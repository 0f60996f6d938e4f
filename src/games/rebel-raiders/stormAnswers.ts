// The storms as standing answers in the other side's move (PB 23 #49, #92; no play time is printed,
// so "any time", RB 17.23 and digest A33). A player cannot write a PLAY in the other side's phase,
// so he leaves the storm standing with his own orders: the Union's `REACT 49 AT <zone>|ALL [IF SHIPS
// >= n]` strikes a high-seas or coastal zone the moment Confederate ships enter it in the Confederate
// move; the Confederacy's `REACT 92 AT <coastal zone>|ALL [IF SHIPS >= n]` strikes a coastal zone the
// moment Union ships enter it, or one of its blockade stations, in the Union move (ruling RR-K21).
// The storm catches every ship the card names there, the moving ones with them, whose move ends.
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { fire } from './reactions.ts'
import type { Side } from './setup.ts'
import type { RrPiece } from './state.ts'
import { STORM_ZONES, WEATHER_EFFECTS } from './weatherCards.ts'

/** The storm each side may loose on the other's moving ships. */
const STORM_AGAINST: Record<Side, { card: number; owner: Side }> = {
  CSA: { card: 49, owner: 'USA' },
  USA: { card: 92, owner: 'CSA' },
}

/** The zone a storm against `mover` would strike as its ships enter `at`: the zone itself, or a station's coastal zone (#92). */
function zoneEntered(run: PhaseRun, mover: Side, at: string): string | null {
  const { card } = STORM_AGAINST[mover]
  const kinds = STORM_ZONES[card]!.kinds
  if (kinds.includes(run.space(at).kind)) return at
  if (card !== 92 || run.space(at).kind !== 'blockadeStation') return null
  return run.pack.map.neighbours(at, ['sea']).find((n) => run.space(n).kind === 'coastal') ?? null
}

/** The ships a storm on `zone` would catch: #49 the Confederate ones in the zone (not its stations), #92 the Union ones in it and its stations. */
function caught(run: PhaseRun, mover: Side, zone: string): RrPiece[] {
  if (mover === 'CSA') return run.piecesAt(zone, 'CSA')
  const stations = run.pack.map.neighbours(zone, ['sea']).filter((n) => run.space(n).kind === 'blockadeStation')
  return [zone, ...stations].flatMap((at) => run.piecesAt(at, 'USA'))
}

/**
 * Called as `mover`'s ships enter `at` in their move, before anything meets them there: the other
 * side's standing storm fires if it names the zone (or ALL) and catches at least its SHIPS count.
 * `before` tells the move so far. Returns whether it fired (the caller ends the move of the ships it blew away).
 */
export function stormOnEntry(run: PhaseRun, mover: Side, at: string, before: () => void): boolean {
  const zone = zoneEntered(run, mover, at)
  if (!zone) return false
  const { card, owner } = STORM_AGAINST[mover]
  const standing = run.s.reactions[owner].find((r) => r.card === card)
  if (!standing) return false
  const count = caught(run, mover, zone).length
  const fired = fire(run, 'storm', zone, undefined, undefined, (c) => c === card && count >= (standing.min ?? 1))
  if (!fired.includes(card)) return false
  before()
  WEATHER_EFFECTS[card]!.apply(run, owner, { card, at: zone, line: 0 })
  settlePlayed(run, owner, card, run.pack.cards.get(card)!.afterUse)
  return true
}
