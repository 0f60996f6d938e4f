// The REACT line (digest 6.1: standing orders for the other side's phase), read for either player at
// any time: `REACT <card> [AT <space>|ALL]`, a storm's `REACT 49|92 AT <zone>|ALL [IF SHIPS >= <n>]`
// (stormAnswers.ts), or `REACT <card> OFF`. Checked here; kept by the resolution (reactions.ts).
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { written } from './orderGrammar.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import { reactionProblem } from './reactions.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

export function readReactLine(
  state: RrState,
  pack: RebelPack,
  side: Side,
  l: ScriptLine,
  a: Args,
  out: Parsed<RrCommand>,
  err: (line: number, text: string, message: string) => void,
): void {
  const off = a.off === true
  if (off && (a.at !== undefined || a.min !== undefined)) {
    err(l.line, l.text, `REACT ${a.card} OFF withdraws the reaction: it takes no AT or IF`)
    return
  }
  if (a.min !== undefined && a.at === undefined) {
    err(l.line, l.text, `IF SHIPS follows AT: REACT ${a.card} AT <space>|ALL IF SHIPS >= ${a.min}`)
    return
  }
  const reaction = {
    card: Number(a.card),
    at: (a.at as string | undefined) ?? 'ALL',
    ...(a.min ? { min: a.min as number } : {}),
  }
  const problem = reactionProblem(pack, side, reaction)
  if (problem) {
    err(l.line, l.text, problem)
    return
  }
  const name = `#${reaction.card} ${pack.cards.get(reaction.card)!.name}`
  out.commands.push({ kind: 'react', line: l.line, ...reaction, off })
  const { card, at, min } = { ...reaction, card: String(reaction.card) }
  out.normalised.push(
    off
      ? noted(written('react', { card, off }), name)
      : noted(written('react', { card, at, ...(min ? { min } : {}) }), `${name}; stands until played or withdrawn`),
  )
  if (!off && !state.cards[side].hand.includes(reaction.card))
    out.warnings.push({
      line: l.line,
      text: l.text,
      message: `${name} is not in your hand now; the reaction stands for when it is`,
    })
}
