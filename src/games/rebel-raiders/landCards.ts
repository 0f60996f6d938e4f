// Two generals' cards of the land war (PB 23, in our own words). #79 Longstreet, a standing
// Confederate answer to a land combat: his marker goes on the space and the Confederacy rolls a die
// more there; face up for the rest of the game, each turn he fights every assault on his space and
// one counterattack, which takes him to the space it attacks (ruling RR-K13). #34 Loose the Fateful
// Lightning, face up from the start of a Union move: one river or land assault more each turn,
// needing no cannon pawn (ruling RR-K14).
import type { CardEffect } from './cardTypes.ts'
import { settlePlayed } from './cards.ts'
import type { PhaseRun } from './phaseRun.ts'
import { fire, quietAssault } from './reactions.ts'
import type { RrState } from './state.ts'

const MARK = 'longstreet:'
const COUNTERED = 'longstreet:counterattack'

/** Where Longstreet's marker stands this turn, if he has fought yet. */
const markerAt = (s: RrState): string | null =>
  s.thisTurn.find((t) => t.startsWith(MARK) && t !== COUNTERED)?.slice(MARK.length) ?? null

function place(run: PhaseRun, at: string): void {
  run.s.thisTurn = run.s.thisTurn.filter((t) => !t.startsWith(MARK) || t === COUNTERED)
  run.s.thisTurn.push(`${MARK}${at}`)
}

/**
 * #79 at the start of a land combat at `target` (a Union assault, or with `counterattack` a
 * Confederate one): the Confederate dice he adds (0 or 1). From the hand he comes by a standing
 * `REACT 79 [AT <space>|ALL]`; face up he fights where his marker stands this turn, or, before his
 * first combat of the turn, at the first one a standing `REACT 79 AT <space>` (if any) allows.
 */
export function longstreetDice(run: PhaseRun, target: string, counterattack = false): number {
  const s = run.s
  // #45 Three Cigars keeps the Confederate generals out of that turn's assault there.
  if (!counterattack && quietAssault(s, target)) return 0
  if (!s.cards.CSA.inPlay.includes(79)) {
    if (!fire(run, 'land-combat', target).includes(79)) return 0
    settlePlayed(run, 'CSA', 79, run.pack.cards.get(79)!.afterUse)
  } else {
    const at = markerAt(s)
    const wanted = s.reactions.CSA.find((r) => r.card === 79)?.at ?? 'ALL'
    if (counterattack ? s.thisTurn.includes(COUNTERED) : at ? at !== target : wanted !== 'ALL' && wanted !== target)
      return 0
  }
  place(run, target)
  if (counterattack) s.thisTurn.push(COUNTERED)
  run.say(
    '#79',
    `Longstreet ${counterattack ? 'leads the counterattack on' : 'defends'} ${run.name(target)}: one Confederate die more; his marker stands there this turn.`,
    target,
  )
  return 1
}

/** #34 face up (or played at the start of these orders) and its extra land attack not made this turn. */
export const lightningReady = (s: RrState, playedNow = false): boolean =>
  (playedNow || s.cards.USA.inPlay.includes(34)) && !s.thisTurn.includes('used:34')

export const LAND_CARD_EFFECTS: Readonly<Record<number, CardEffect>> = {
  // #34 Loose the Fateful Lightning: laid face up at the start of a Union move, for the rest of the game.
  34: {
    phases: ['union-move'],
    atStart: true,
    apply(run) {
      run.say(
        '#34',
        'Loose the Fateful Lightning stays face up: each turn one river or land assault more, without a cannon pawn (ruling RR-K14).',
      )
    },
  },
}
