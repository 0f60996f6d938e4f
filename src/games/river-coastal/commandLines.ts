// The fleet commander's lines (digest §4.2, §4.4), each on its own line of the order mail:
//   DIRECTIVE <ship> <directive>          a new directive, from this move (any ship on move 1; later
//                                         only where no Stubborn or Reckless captain stands in the way)
//   FLEET SIGNAL <ship> [DIRECTIVE] <directive>   the commander signals it; needs the flagship's
//                                         sight of her now and counts from the next move (ruling RC-6)
//   TRANSFER <ship>                       the commander shifts his flag from a damaged flagship (§4 L151)
import { DIRECTIVE_KINDS, describeDirective, readDirective } from './directives.ts'
import type { DirectiveCommand, OrderContext, TransferCommand } from './orderTypes.ts'
import { fault, findUnit, unitSuggestion } from './orderWords.ts'

export interface CommandLine {
  command: DirectiveCommand | TransferCommand
  normalised: string
  warning?: string
}

const COMMAND = /^(DIRECTIVE|FLEET\s+SIGNAL|TRANSFER)\b/i

export const isCommandLine = (body: string) => COMMAND.test(body.trim())

function ownShip(ctx: OrderContext, written: string | undefined) {
  const id = findUnit(ctx, written ?? '')
  const s = ctx.own.find((x) => x.id === id)
  if (!s) return fault(`${written ?? ''} is not one of your ships afloat`, unitSuggestion(ctx, written ?? '', true))
  return s
}

/** Reads one command line; throws a LineFault with the rule, the legal choices and a suggestion. */
export function readCommandLine(ctx: OrderContext, body: string): CommandLine {
  const words = body.trim().split(/\s+/)
  const head = words[0]!.toUpperCase()
  if (head === 'TRANSFER') {
    const flag = ctx.flag ?? fault('TRANSFER: your fleet commander is lost; there is no flag to shift (§4 L199-203)')
    if (words.length !== 2)
      fault('TRANSFER reads TRANSFER <ship>', flag.reach.length ? `e.g. TRANSFER ${flag.reach[0]}` : undefined)
    if (flag.quality === 'stubborn')
      fault('TRANSFER: a Stubborn fleet commander stays with his flagship all game (§4 L199)')
    const to = ownShip(ctx, words[1])
    if (to.id === flag.ship) fault(`TRANSFER ${to.id}: he is already aboard her`)
    if (!flag.damaged)
      fault(`TRANSFER: the commander leaves his flagship ${flag.ship} only once she is damaged (§4 L151)`)
    if (!flag.reach.includes(to.id))
      fault(
        `TRANSFER ${to.id}: his boat reaches friendly ships within 12" of ${flag.ship} (ruling RC-6)`,
        flag.reach.length ? `within reach: ${flag.reach.join(', ')}` : 'none is within reach',
      )
    return {
      command: { transfer: { ship: to.id } },
      normalised: `TRANSFER ${to.id}`,
      ...(flag.quality === 'reckless'
        ? { warning: 'a Reckless fleet commander leaves his flagship only on a 5 or 6 (§4 L199)' }
        : {}),
    }
  }
  const signal = head === 'FLEET'
  const rest = words.slice(signal ? 2 : 1)
  const s = ownShip(ctx, rest[0])
  const said = rest.slice(1)
  if (signal && said[0]?.toUpperCase() === 'DIRECTIVE') said.shift()
  if (!said.length)
    fault(`${signal ? 'FLEET SIGNAL' : 'DIRECTIVE'} ${s.id}: which directive?`, DIRECTIVE_KINDS.join(', '))
  if (signal) {
    if (!ctx.flag) fault('FLEET SIGNAL: your fleet commander is lost; no signals can be made (§4 L199-203)')
    if (!s.signalled)
      fault(
        `FLEET SIGNAL ${s.id}: ${ctx.flag!.ship} cannot see ${s.name}, and signals need a line of sight (ruling RC-6)`,
        'signal her when the flagship has her in sight',
      )
  } else if (s.needsSignal)
    fault(
      `DIRECTIVE ${s.id}: ${s.name}'s ${s.needsSignal} captain takes new orders only from the fleet commander (§4 L171, L183)`,
      `FLEET SIGNAL ${s.id} ${said.join(' ').toUpperCase()}`,
    )
  const order = readDirective(said, s.id, ctx, { ...ctx.table, here: s.here })
  const text = order ? describeDirective(order) : 'NONE'
  return {
    command: { directive: { ship: s.id, order, signal } },
    normalised: `${signal ? 'FLEET SIGNAL' : 'DIRECTIVE'} ${s.id} ${text}`,
  }
}
