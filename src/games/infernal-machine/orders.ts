// Infernal Machine orders (digest section 5): one line each, read by the declared grammar
// (orderGrammar.ts) and turned here into commands. Campaign actions run in the order written;
// doctrine lines (ROUTE, CREW, TARGET, APPROACH, TACTIC, ...) stand until replaced; PACE and HALT
// set where the judge stops to ask (digest 5.6). Errors carry the line number and, for a misspelt
// word, the nearest valid one; what is accepted is echoed as the grammar writes it.
import type { LineError, Parsed } from '../contract.ts'
import { readScript } from '../../orders/script.ts'
import { echo, type Order, parseLine, syntax } from '../kit/grammar.ts'
import { type ImCommand, readCommand } from './commands.ts'
import { IM_GRAMMAR, imVocabularies } from './orderGrammar.ts'
import type { ImPack } from './pack.ts'

export { HALT_KINDS } from './orderGrammar.ts'
export type { HaltKind, ImCommand } from './commands.ts'

export const ACTION_KINDS = [
  'build',
  'relocate',
  'commission',
  'contract',
  'invest',
  'letter',
  'mission',
  'recruit',
  'military',
  'requisition',
  'salvage',
  'pass',
  'changesides',
]

/**
 * Other words for an order. `ORDERS` (the digest's word for the crew's standing orders) is also
 * the judge's mail command that shows the orders on file, which wins when it opens a mail, so the
 * order is `CREW` and `ORDERS` is read as `CREW` on any later line.
 */
const SYNONYMS: Record<string, string> = { ORDERS: 'CREW' }

/** A receipt check against the game as it stands: why the order would be refused, or null. */
export type ReceiptCheck = (cmd: ImCommand, earlier: readonly ImCommand[]) => string | null

const renamed = (text: string) => text.replace(/^(\S+)/, (w) => SYNONYMS[w.toUpperCase()] ?? w)

export function parseImOrders(pack: ImPack, text: string, check?: ReceiptCheck): Parsed<ImCommand> {
  const out: Parsed<ImCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  const vocabs = imVocabularies(pack)
  for (const l of readScript(text).lines) {
    const err = (message: string, suggestion?: string) =>
      out.errors.push({ line: l.line, text: l.text, message, ...(suggestion ? { suggestion } : {}) } as LineError)
    const read = parseLine(IM_GRAMMAR, vocabs, renamed(l.text))
    if (!read.ok) {
      err(read.error.message, read.error.suggestion)
      continue
    }
    const cmd = readCommand(pack, read.order)
    if (typeof cmd === 'string') {
      err(cmd, `write ${syntaxOf(read.order)}`)
      continue
    }
    const refused = check?.(cmd, out.commands)
    if (refused) {
      err(refused)
      continue
    }
    out.commands.push(cmd)
    out.normalised.push(echo(IM_GRAMMAR, read.order))
  }
  return out
}

const syntaxOf = (o: Order) => syntax(IM_GRAMMAR.forms.find((f) => f.name === o.form)!)
