// The Union cards that stretch a move (PB 23, in our own words): #52 Coaling Station gives sloops
// six movement points more as they enter a blockade station free of Confederate gunboats and
// ironclads (ruling RR-K19). Both the check on receipt and the resolution read the play from the
// turn's effects (`coaling:<ship>`), so the orders are judged as they will be carried out.
import type { CardEffect } from './cardTypes.ts'
import type { RrState } from './state.ts'

const COALING = 'coaling:'
/** The MP #52 adds once, as the group enters a blockade station. */
export const COALING_MP = 6

/** The sloops #52 was played on this turn. */
export const coaling = (s: RrState): string[] =>
  s.thisTurn.filter((t) => t.startsWith(COALING)).map((t) => t.slice(COALING.length))

/** The state as a Union move's orders will meet it: with `PLAY 52 AT <sloop>` written in them, that sloop coals. */
export function withOrderedCoaling(s: RrState, text: string): RrState {
  const m = /^\s*PLAY\s+#?52\s+AT\s+(\S+)\s*$/im.exec(text)
  if (!m || s.phase !== 'union-move' || !s.cards.USA.hand.includes(52)) return s
  return { ...s, thisTurn: [...s.thisTurn, `${COALING}${m[1]!.toUpperCase()}`] }
}

export const MOVE_CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
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
