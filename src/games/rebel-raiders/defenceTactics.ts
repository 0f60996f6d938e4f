// The Union's tactics when the Confederacy counterattacks (RB 11.91 with 11.63; digest 6.2 item 7,
// A15): a counterattack comes in the Confederate move, so the Union leaves its choice standing with
// any of its mails: `DEFEND <space|ALL> TACTICS <n>`, dice given up for +1 each on the high die of its
// defence there, kept until changed. Without one the Union defends with all its dice. The choice is
// the Union's secret until a counterattack meets it (ruling RR-A3).
import type { Parsed } from '../contract.ts'
import type { ScriptLine } from '../../orders/script.ts'
import { unionAssaultDice } from './assault.ts'
import { written } from './orderGrammar.ts'
import { type Args, noted, type RrCommand } from './orderTypes.ts'
import type { Side } from './setup.ts'
import { dateOf, type RrState } from './state.ts'

/** Reads a DEFEND line into its standing command, or says why not. */
export function readDefendLine(
  side: Side,
  l: ScriptLine,
  a: Args,
  out: Parsed<RrCommand>,
  err: (line: number, text: string, message: string) => void,
): void {
  if (side !== 'USA') return err(l.line, l.text, 'only the Union defends against a counterattack (11.91)')
  const [at, tactics] = [a.at as string, a.tactics as number]
  out.commands.push({ kind: 'defend', line: l.line, at, tactics })
  out.normalised.push(noted(written('defend', { at, tactics }), 'stands until changed'))
}

/** The Union's tactics against a counterattack on `target` this turn: its standing choice, within the dice it has (11.63). */
export function defenceTactics(s: RrState, target: string): number {
  const chosen = s.defence?.[target] ?? s.defence?.ALL ?? 0
  return Math.max(0, Math.min(chosen, unionAssaultDice(dateOf(s.turn).year) - 1, 3))
}
