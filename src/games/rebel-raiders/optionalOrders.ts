// The order lines the optional rules and the 1862 start add (orders.ts hands them here): the open
// cards' opening REFRESH (19.55, ruling RR-S63) and ROLL INDUSTRY|CONSCRIPTION (18.22).
import { redrawOpen, redrawProblem } from './openingRedraw.ts'
import type { RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import { readRoll } from './yankeeIndustry.ts'

/** The command and its reading, why the line is refused, or null when the line is none of these. */
export function readOptionalOrder(
  state: RrState,
  pack: RebelPack,
  side: Side,
  verb: string,
  words: string[],
  line: number,
): { command: RrCommand; normalised: string } | string | null {
  if (verb === 'REFRESH' && redrawOpen(state, pack, side)) {
    const cards = redrawProblem(state, side, words)
    if (typeof cards === 'string') return cards
    return {
      command: { kind: 'discard', line, cards, refresh: true },
      normalised: `REFRESH ${cards.map((c) => `#${c}`).join(', ')} (19.55, the opening redraw)`,
    }
  }
  if (verb === 'ROLL') {
    const roll = readRoll(state, side, words, line)
    if (typeof roll === 'string') return roll
    return { command: roll, normalised: `ROLL ${words.join(' ')} (18.22, as the move ends)` }
  }
  return null
}
