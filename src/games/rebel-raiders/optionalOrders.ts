// The order lines the optional rules and the 1862 start add (orders.ts hands them here): the open
// cards' opening REFRESH (19.55, ruling RR-S63), ROLL INDUSTRY|CONSCRIPTION (18.22), LEE (18.5) and HUNT (18.21).
import { redrawOpen, redrawProblem } from './openingRedraw.ts'
import { noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import { readRoll } from './yankeeIndustry.ts'
import { leeStanding, readLee } from './leeGoesWest.ts'
import { openingRedraws } from './openingRedraw.ts'
import { huntsStanding, readHunt } from './unionOptions.ts'
import type { PhaseRun } from './phaseRun.ts'

/** The optional lines that act first in a phase: the opening redraws (19.55) and Lee's standing orders (18.5). */
export function optionalFirst(run: PhaseRun, orders: Record<Side, RrCommand[]>): void {
  openingRedraws(run, orders)
  leeStanding(run.s, orders.CSA)
  huntsStanding(run.s, orders.USA)
}

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
      normalised: noted(`REFRESH ${cards.join(' ')}`, '19.55, the opening redraw'),
    }
  }
  if (verb === 'LEE') {
    const lee = readLee(state, side, words, line)
    if (typeof lee === 'string') return lee
    return {
      command: lee,
      normalised:
        lee.kind === 'lee' && lee.at.length
          ? noted(`LEE AT ${lee.at.join(',')}`, '18.5, stands until changed')
          : noted('LEE OFF', '18.5'),
    }
  }
  if (verb === 'HUNT') {
    const hunt = readHunt(state, pack, side, words, line)
    if (typeof hunt === 'string') return hunt
    return {
      command: hunt,
      normalised:
        hunt.kind === 'hunt' && hunt.at.length
          ? noted(`HUNT AT ${hunt.at.join(',')}`, '18.21, stands until changed')
          : noted('HUNT OFF', '18.21'),
    }
  }
  if (verb === 'ROLL') {
    const roll = readRoll(state, side, words, line)
    if (typeof roll === 'string') return roll
    return { command: roll, normalised: noted(`ROLL ${words.join(' ')}`, '18.22, as the move ends') }
  }
  return null
}
