// The fleet commander's lines (digest §4.2, §4.4), each on its own line of the order mail, read by
// the grammar (orderGrammar.ts) and checked here against the captains and the flag:
//   DIRECTIVE <ship> <directive>       a new directive, from this move (any ship on move 1; later
//                                      only where no Stubborn or Reckless captain stands in the way)
//   FLEET SIGNAL <ship> <directive>    the commander signals it; needs the flagship's sight of her
//                                      now and counts from the next move (ruling RC-6)
//   TRANSFER <ship>                    the commander shifts his flag from a damaged flagship (§4 L151)
import { echo, type Order } from '../kit/grammar.ts'
import { directiveOrder, readDirective } from './directives.ts'
import { DIRECTIVE_GRAMMAR, RIVER_GRAMMAR } from './orderGrammar.ts'
import type { DirectiveCommand, OrderContext, TransferCommand } from './orderTypes.ts'
import { fault } from './orderWords.ts'
import { inches, showInches } from './units.ts'

export interface CommandLine {
  command: DirectiveCommand | TransferCommand
  normalised: string
  warning?: string
}

function transfer(ctx: OrderContext, ship: string): CommandLine {
  const flag = ctx.flag ?? fault('TRANSFER: your fleet commander is lost; there is no flag to shift (§4 L199-203)')
  if (flag.quality === 'stubborn')
    fault('TRANSFER: a Stubborn fleet commander stays with his flagship all game (§4 L199)')
  if (ship === flag.ship) fault(`TRANSFER ${ship}: he is already aboard her`)
  if (!flag.damaged)
    fault(`TRANSFER: the commander leaves his flagship ${flag.ship} only once she is damaged (§4 L151)`)
  if (!flag.reach.includes(ship))
    fault(
      `TRANSFER ${ship}: his boat reaches friendly ships within 12" of ${flag.ship} (ruling RC-6)`,
      flag.reach.length ? `within reach: ${flag.reach.join(', ')}` : 'none is within reach',
    )
  return {
    command: { transfer: { ship } },
    normalised: `TRANSFER ${ship}`,
    ...(flag.quality === 'reckless'
      ? { warning: 'a Reckless fleet commander leaves his flagship only on a 5 or 6 (§4 L199)' }
      : {}),
  }
}

/** Checks a DIRECTIVE, FLEET SIGNAL or TRANSFER line the grammar read; throws a LineFault with the rule and the legal choices. */
export function readCommandLine(ctx: OrderContext, read: Order): CommandLine {
  const s = ctx.own.find((x) => x.id === read.args.ship)!
  if (read.form === 'transfer') return transfer(ctx, s.id)
  const signal = read.form === 'signal'
  const written = (read.args.directive as Order[])[0]!
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
      `FLEET SIGNAL ${s.id} ${echo(DIRECTIVE_GRAMMAR, written)}`,
    )
  const order = readDirective(written, s.id, { ...ctx.table, here: s.here })
  // HOLD with no point holds where she is: written back with her place when hundredths of an inch
  // say it exactly, else as HOLD with the place as a note (read back, she holds there again).
  const exact = (u: number) => inches(Number(showInches(u))) === u
  const here = order?.kind === 'HOLD' && written.args.at === undefined && !(exact(s.here.x) && exact(s.here.y))
  const line = echo(RIVER_GRAMMAR, {
    form: read.form,
    args: { ship: s.id, directive: [here ? written : directiveOrder(order)] },
  })
  return {
    command: { directive: { ship: s.id, order, signal } },
    normalised: here ? `${line} (here, ${showInches(s.here.x)},${showInches(s.here.y)})` : line,
  }
}
