// The order lines the optional rules and the 1862 start add (orders.ts hands them here): the open
// cards' opening REFRESH (19.55, ruling RR-S63), ROLL INDUSTRY|CONSCRIPTION (18.22), LEE (18.5) and HUNT (18.21).
import { redrawOpen, redrawProblem } from './openingRedraw.ts'
import { written } from './orderGrammar.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'
import { readRoll, type YankeeRoll } from './yankeeIndustry.ts'
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
  form: string,
  a: Args,
  line: number,
): { command: RrCommand; normalised: string } | string | null {
  if (form === 'refresh' && redrawOpen(state, pack, side)) {
    const cards = redrawProblem(state, side, a.cards as string[])
    if (typeof cards === 'string') return cards
    return {
      command: { kind: 'discard', line, cards, refresh: true },
      normalised: noted(written('refresh', { cards: cards.map(String) }), '19.55, the opening redraw'),
    }
  }
  if (form === 'lee' || form === 'hunt') {
    const at = (a.at as string[] | undefined) ?? []
    if (a.off === !!at.length)
      return `write ${form.toUpperCase()} AT <space>[,<space>...] or ${form.toUpperCase()} AT ALL, or ${form.toUpperCase()} OFF (${form === 'lee' ? '18.5' : '18.21'})`
    const read = form === 'lee' ? readLee(state, side, at, line) : readHunt(state, side, at, line)
    if (typeof read === 'string') return read
    const rule = form === 'lee' ? '18.5' : '18.21'
    return {
      command: read,
      normalised: at.length
        ? noted(written(form, { at }), `${rule}, stands until changed`)
        : noted(written(form, { off: true }), rule),
    }
  }
  if (form === 'roll') {
    const roll = readRoll(state, side, (a.what as string).toLowerCase() as YankeeRoll, line)
    if (typeof roll === 'string') return roll
    return { command: roll, normalised: noted(written('roll', a), '18.22, as the move ends') }
  }
  return null
}
