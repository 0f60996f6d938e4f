// Order lines (digest §4, in the judge's one-line form): one line per ship per move,
//   TECU: SPEED 4; TURN PORT 30 AT 2; TURRET T1 S; FIRE T1 AT TENN ELSE GAIN; RAM IF BOW-ON
// and the lines of their own (DIRECTIVE, FLEET SIGNAL, TRANSFER, POLICY). The grammar
// (orderGrammar.ts) reads each line; shipLine.ts and commandLines.ts check it against the rules at
// the start of the move (§7 speed and turning, §9 guns and turrets, §11 rams, digest §4.4) and refuse
// it with its line number, the legal range and a suggestion. What is accepted is echoed as the
// grammar writes it, which reads back to the same commands.
import type { LineError, Parsed } from '../contract.ts'
import { echo, type LineReading, type Order, parseLine, type Vocabularies } from '../kit/grammar.ts'
import { parsePolicy } from '../kit/policy.ts'
import { readScript } from '../../orders/script.ts'
import { CLAUSE_FORMS } from './clauseGrammar.ts'
import { readCommandLine } from './commandLines.ts'
import { RIVER_GRAMMAR } from './orderGrammar.ts'
import type { OrderContext, RiverCommand } from './orderTypes.ts'
import { riverVocabularies } from './orderVocab.ts'
import { findUnit, LineFault, speedRange, unitSuggestion } from './orderWords.ts'
import { riverPolicyGrammar } from './policies.ts'
import { type Fault, lineWarnings, shipLine } from './shipLine.ts'

export { speedRange }

/** A POLICY line: the kit's policy grammar, scoped to an own ship or ALL. */
function policyLine(ctx: OrderContext, body: string, out: Parsed<RiverCommand>): Fault | null {
  const p = parsePolicy(riverPolicyGrammar, body)
  if (typeof p === 'string') return [p]
  const scope = p.scope === 'ALL' ? 'ALL' : findUnit(ctx, p.scope)
  if (scope !== 'ALL' && !ctx.own.some((s) => s.id === scope))
    return [`POLICY ${p.scope}: not one of your ships afloat (or ALL)`, unitSuggestion(ctx, p.scope, true)]
  const policy = { ...p, scope: scope!, text: p.text.replace(/^POLICY\s+\S+/i, `POLICY ${scope}`) }
  out.commands.push({ policy })
  out.normalised.push(policy.text)
  return null
}

/** A ship's line may end with a semicolon, or hold an empty clause: neither is an order. */
const tidy = (line: string) =>
  /^POLICY\s/i.test(line)
    ? line
    : line
        .replace(/;(\s*;)+/g, ';')
        .replace(/:\s*;/, ':')
        .replace(/;\s*$/, '')

/**
 * Reads one line. A ship named with no clause after her colon is given no order (her directive
 * steers her, ruling RC-54), and is echoed so; a clause with no ship before it says where it goes.
 */
function read(ctx: OrderContext, vocabs: Vocabularies, body: string): LineReading {
  const line = tidy(body)
  const bare = /^(.+?)\s*:\s*$/.exec(line)
  const named = bare && parseLine(RIVER_GRAMMAR, vocabs, `${bare[1]}: HOLD`)
  if (named && (!named.ok || named.order.form === 'ship'))
    return named.ok ? { ok: true, order: { form: 'ship', args: { ship: named.order.args.ship!, clauses: [] } } } : named
  const r = parseLine(RIVER_GRAMMAR, vocabs, line)
  const first = line.split(/[\s:;]/)[0]!.toUpperCase()
  if (r.ok || !CLAUSE_FORMS.some((f) => f.words[0] === first) || line.includes(':')) return r
  const ship = ctx.own[0]?.id ?? 'TECU'
  return {
    ok: false,
    error: {
      message: `${first} goes on a ship's line, after her name and a colon`,
      suggestion: `e.g. ${ship}: ${line}`,
    },
  }
}

/** One line as read: its command, the line as understood and what it is warned of; or why it is refused. */
function readLine(
  ctx: OrderContext,
  read: Order,
  seen: Set<string>,
  out: Parsed<RiverCommand> & { warnings: LineError[] },
  warn: (m: string) => void,
): Fault | null {
  if (read.form === 'policy') return policyLine(ctx, read.args.policy as string, out)
  if (read.form !== 'ship') {
    try {
      const c = readCommandLine(ctx, read)
      out.commands.push(c.command)
      out.normalised.push(c.normalised)
      if (c.warning) warn(c.warning)
    } catch (e) {
      if (!(e instanceof LineFault)) throw e
      return [e.message, e.suggestion]
    }
    return null
  }
  const line = shipLine(ctx, read, seen)
  if (Array.isArray(line)) return line
  for (const message of lineWarnings(line.s, ctx, line.order)) warn(message)
  out.commands.push(line.order)
  out.normalised.push(echo(RIVER_GRAMMAR, { form: 'ship', args: { ship: line.s.id, clauses: line.said } }))
  return null
}

export function parseShipOrders(ctx: OrderContext, text: string): Parsed<RiverCommand> & { warnings: LineError[] } {
  const out: Parsed<RiverCommand> & { warnings: LineError[] } = {
    commands: [],
    normalised: [],
    errors: [],
    warnings: [],
  }
  const seen = new Set<string>()
  const vocabs = riverVocabularies(ctx)
  // The shared script reader numbers the lines and drops the GAME, KEY and SALT envelope, comments,
  // quoted replies and anything after a signature or END.
  for (const { line, text: body } of readScript(text).lines) {
    const err = (message: string, suggestion?: string) =>
      out.errors.push({ line, text: body, message, ...(suggestion ? { suggestion } : {}) })
    const r = read(ctx, vocabs, body)
    if (!r.ok) {
      err(r.error.message, r.error.suggestion)
      continue
    }
    const refused = readLine(ctx, r.order, seen, out, (message) => out.warnings.push({ line, text: body, message }))
    if (refused) err(...refused)
  }
  return out
}
