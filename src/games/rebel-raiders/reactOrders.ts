// The REACT line (digest 6.1: standing orders for the other side's phase), read for either player at
// any time: `REACT <card> [AT <space>|ALL]`, a storm's `REACT 49|92 AT <zone>|ALL [IF SHIPS >= <n>]`
// (stormAnswers.ts), or `REACT <card> OFF`. Checked here; kept by the resolution (reactions.ts).
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { noted, type RrCommand } from './orderTypes.ts'
import type { RebelPack } from './pack.ts'
import { reactionProblem } from './reactions.ts'
import type { Side } from './setup.ts'
import type { RrState } from './state.ts'

export function readReactLine(
  state: RrState,
  pack: RebelPack,
  side: Side,
  l: ScriptLine,
  rest: string[],
  out: Parsed<RrCommand>,
  err: (line: number, text: string, message: string) => void,
): void {
  const m = /^#?(\d+)(?:\s+(?:AT\s+(\S+)(?:\s+IF\s+SHIPS\s*>=\s*(\d+))?|(OFF)))?$/.exec(rest.join(' '))
  if (!m) {
    err(l.line, l.text, 'write REACT <card number> [AT <space>|ALL] [IF SHIPS >= <n>], or REACT <card number> OFF')
    return
  }
  if (m[1]!.length > 3) {
    err(l.line, l.text, `there is no card #${m[1]}`)
    return
  }
  const off = !!m[4]
  const reaction = { card: Number(m[1]), at: m[2] ?? 'ALL', ...(m[3] ? { min: Number(m[3]) } : {}) }
  const problem = reactionProblem(pack, side, reaction)
  if (problem) {
    err(l.line, l.text, problem)
    return
  }
  const name = `#${reaction.card} ${pack.cards.get(reaction.card)!.name}`
  const card = `REACT ${reaction.card}`
  out.commands.push({ kind: 'react', line: l.line, ...reaction, off })
  const when = reaction.min ? ` IF SHIPS >= ${reaction.min}` : ''
  out.normalised.push(
    off
      ? noted(`${card} OFF`, name)
      : noted(`${card} AT ${reaction.at}${when}`, `${name}; stands until played or withdrawn`),
  )
  if (!off && !state.cards[side].hand.includes(reaction.card))
    out.warnings.push({
      line: l.line,
      text: l.text,
      message: `${name} is not in your hand now; the reaction stands for when it is`,
    })
}
