// The Union cards that stretch a move (PB 23, in our own words): #52 Coaling Station gives sloops
// six movement points more as they enter a blockade station free of Confederate gunboats and
// ironclads (ruling RR-K19); #44 USS Coeur de Lion, face up, ferries up to four ironclads and
// gunboats a turn from the Navy Yards to one blockade station of the Chesapeake, Hatteras or South
// Atlantic zone, untowed and whatever the distance (ruling RR-K20). Both the check on receipt and
// the resolution read the plays from the turn's effects, so orders are judged as they will be carried out.
import type { CardEffect } from './cardTypes.ts'
import { spacesOf } from './cardPlaces.ts'
import type { MoveContext, MoveStep } from './movement.ts'
import type { RebelPack } from './pack.ts'
import type { Piece } from './setup.ts'
import type { RrState } from './state.ts'
import { COALING_MP } from './movement.ts'

const FERRY = 'used:44'
/** Ships #44 ferries in one move. */
const FERRY_SHIPS = 4

/** The zones #44 ferries to while it is face up and its move is not yet made this turn. */
export function coeurDeLionZones(s: RrState, pack: RebelPack): string[] | undefined {
  if (!s.cards.USA.inPlay.includes(44) || s.thisTurn.includes(FERRY)) return undefined
  return spacesOf(pack, 44).slice(1)
}

/** Whether a stack's move is #44's ferry: up to four ironclads and gunboats from the Navy Yards, through its zones to a station of one of them. */
export function ferriedByCoeurDeLion(ctx: MoveContext, stack: Piece[], steps: MoveStep[]): boolean {
  const zones = ctx.coeurDeLion
  if (!zones || stack.length > FERRY_SHIPS) return false
  if (!stack.every((p) => p.side === 'USA' && (p.type === 'ironclad' || p.type === 'gunboat') && p.at === 'NAVY'))
    return false
  // A path may name the space it starts from first (`NAVY > CHES > ...`).
  const path = steps.map((st) => ('enter' in st ? st.enter : null)).filter((x, i) => i > 0 || x !== 'NAVY')
  const last = path[path.length - 1]
  if (!last || path.some((x) => x === null) || !path.slice(0, -1).every((x) => zones.includes(x!))) return false
  return ctx.map.space(last).kind === 'blockadeStation' && ctx.map.neighbours(last).some((n) => zones.includes(n))
}

/** Marks #44's move as made this turn. */
export const ferryUsed = (s: RrState) => s.thisTurn.push(FERRY)

const COALING = 'coaling:'

/** The sloops #52 was played on this turn. */
export const coaling = (s: RrState): string[] =>
  s.thisTurn.filter((t) => t.startsWith(COALING)).map((t) => t.slice(COALING.length))

/** The state as a Union move's orders will meet it (a copy): `PLAY 52 AT <sloop>` in them makes that sloop coal, `PLAY 44` lays #44. */
export function withOrderedMoveCards(s: RrState, text: string): RrState {
  const m = /^\s*PLAY\s+#?52\s+AT\s+(\S+)\s*$/im.exec(text)
  const coals = m && s.phase === 'union-move' && s.cards.USA.hand.includes(52)
  // #44 laid in these orders is face up from the start of the move.
  const lays = s.phase === 'union-move' && s.cards.USA.hand.includes(44) && /^\s*PLAY\s+#?44\b/im.test(text)
  const usa = s.cards.USA
  return {
    ...s,
    thisTurn: [...s.thisTurn, ...(coals ? [`${COALING}${m[1]!.toUpperCase()}`] : [])],
    cards: lays ? { ...s.cards, USA: { ...usa, inPlay: [...usa.inPlay, 44] } } : s.cards,
  }
}

export const MOVE_CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #44 USS Coeur de Lion: laid face up (at the start of a Union move, so its ferry serves that move).
  44: {
    phases: ['union-move', 'union-build'],
    atStart: true,
    apply(run) {
      run.say(
        '#44',
        `USS Coeur de Lion stays face up: each turn up to ${FERRY_SHIPS} Union ironclads and gunboats may go from the Navy Yards to one blockade station of ${spacesOf(run.pack, 44).slice(1).join(', ')}.`,
      )
    },
  },
  // #52 Coaling Station: named on a sloop at the start of the Union move; its group coals at the first station it enters.
  52: {
    phases: ['union-move'],
    atStart: true,
    check: (s, _pack, _side, play) =>
      s.pieces.some((p) => p.id === play.at && p.side === 'USA' && p.type === 'sloop')
        ? null
        : 'name the Union screw sloop that leads the move: PLAY 52 AT SL-<n>',
    apply(run, _side, play) {
      run.s.thisTurn.push(`${COALING}${play.at!}`)
      run.say(
        '#52',
        `Coaling Station: ${play.at} (with a stack or command of sloops only) gains ${COALING_MP} MP as it enters a blockade station free of Confederate gunboats and ironclads.`,
      )
    },
  },
}
