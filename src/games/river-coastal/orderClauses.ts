// Order clauses for what a ship does besides steering and shooting: anchors (§12 L1143), boarding
// (§12 L1115-1125), landing parties (§12 L1127-1139), the spar torpedo (§9 L821-833), repairs
// (§9 L717), crew between stations (§3 L119-125), help off a sandbar (§8 L499, L513) and
// towing a friend stopped alongside (ruling RC-49).
import type { OrderContext, ShipForOrders, ShipOrder } from './orderTypes.ts'
import { balloonClause } from './balloons.ts'
import { mortarClause } from './mortarOrders.ts'
import { fault, findUnit, unitSuggestion } from './orderWords.ts'

const wordsOf = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((w) => w.toUpperCase())

type ClauseReader = (s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]) => void

function anchorClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const words = wordsOf(text)
  const what = words[1]
  if (what !== 'DROP' && what !== 'WEIGH') return fault('ANCHOR reads ANCHOR DROP or ANCHOR WEIGH')
  // §12 L1143: anchors are dropped or weighed only with the ship stopped.
  if (what === 'DROP' && (s.speed !== 0 || order.speed !== 0))
    fault(`ANCHOR DROP: ${s.name} must be stopped (speed 0 last move and this move, §12 L1143)`)
  if (what === 'WEIGH' && !s.anchored) fault(`ANCHOR WEIGH: ${s.name} is not at anchor`)
  // §12 L1143: it takes a CPV to work the anchor; a ship with none left aboard cannot.
  const st = s.stations
  if (s.spare + st.engine + st.boiler + st.crewedGuns.length === 0)
    fault(`ANCHOR ${what}: ${s.name} has no CPV left to work the anchor (it takes 1, §12 L1143)`)
  order.anchor = what
  said.push(`ANCHOR ${what}`)
}

function boardClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^BOARD\s+(\S+)(?:\s+(\d+))?$/i.exec(text.trim())
  if (!m) return fault('BOARD reads BOARD <ship> [<parties, 1 or 2>]', 'e.g. BOARD SELMA 2')
  const id = findUnit(ctx, m[1]!) ?? fault(`no unit called ${m[1]}`, unitSuggestion(ctx, m[1]!))
  if (ctx.units[id]!.side === ctx.side) fault(`${m[1]} is one of your own`)
  const parties = Number(m[2] ?? ctx.boardingParties)
  if (parties < 1 || parties > ctx.boardingParties)
    fault(`BOARD ${m[1]} ${m[2] ?? parties}: 1 to ${ctx.boardingParties} parties a move (§12 L1115)`)
  if (parties > s.spare) fault(`BOARD ${m[1]} ${m[2] ?? parties}: ${s.name} has ${s.spare} spare CPV to send`)
  order.board = { target: id, parties }
  said.push(`BOARD ${id} ${parties}`)
}

function landClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^LAND\s+(\d+)\s+AT\s+(\S+)$/i.exec(text.trim())
  if (!m) return fault('LAND reads LAND <parties> AT <town|port|fort>', 'e.g. LAND 2 AT TOWN')
  const goal = m[2]!.toUpperCase()
  if (!(goal in ctx.places))
    fault(`LAND ... AT ${goal}: parties can make for ${Object.keys(ctx.places).join(', ') || 'nothing here'}`)
  const parties = Number(m[1])
  if (parties < 1 || parties > s.spare) fault(`LAND ${m[1]}: ${s.name} has ${s.spare} spare CPV to put ashore`)
  // §12 L1129 ruling RC-46: the boats go from a ship stopped within 1" of the shore.
  if (order.speed !== 0) fault(`LAND: ${s.name} must be stopped to put parties ashore (SPEED 0)`)
  order.land = { goal, parties }
  said.push(`LAND ${parties} AT ${goal}`)
}

function sparClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const words = wordsOf(text)
  if (!s.sparReady) fault(`SPAR: ${s.name} has no spar torpedo left (declared at the start, one use, §9 L823-825)`)
  const id = findUnit(ctx, words[1] ?? '') ?? fault('SPAR reads SPAR <ship>', unitSuggestion(ctx, words[1] ?? ''))
  if (ctx.units[id]!.side === ctx.side) fault(`${words[1]} is one of your own`)
  order.spar = id
  said.push(`SPAR ${id}`)
}

function repairClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^REPAIR\s+(\d+)(?:\s+(\S+))?$/i.exec(text.trim())
  if (!m) return fault('REPAIR reads REPAIR <spare CPV> [STEERING|SPEED|<gun>|<turret>|AUTO]', 'e.g. REPAIR 2 AUTO')
  const crew = Number(m[1])
  const job = (m[2] ?? 'AUTO').toUpperCase()
  if (crew < 1 || crew > s.spare) fault(`REPAIR ${m[1]}: ${s.name} has ${s.spare} spare CPV (§9 L717)`)
  if (!s.jobs.length) fault(`REPAIR: ${s.name} has nothing a crew can repair (lasting damage cannot be, §9 L717)`)
  if (job !== 'AUTO' && !s.jobs.includes(job))
    fault(`REPAIR ... ${job}: not a repair job of ${s.name}`, `her jobs: ${s.jobs.join(', ')} or AUTO`)
  order.repair = { crew, job }
  said.push(`REPAIR ${crew} ${job}`)
}

function crewClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^CREW\s+(\S+)\s+TO\s+(\S+)$/i.exec(text.trim())
  if (!m) return fault('CREW reads CREW <from> TO <to>: SPARE, ENGINE, BOILER or a gun', 'e.g. CREW SPARE TO BP')
  const [from, to] = [m[1]!.toUpperCase(), m[2]!.toUpperCase()]
  const st = s.stations
  const guns = s.guns.map((g) => g.id.toUpperCase())
  const known = (w: string) => ['SPARE', 'ENGINE', 'BOILER', ...guns].includes(w)
  if (!known(from) || !known(to) || from === to)
    fault(`CREW ${from} TO ${to}: stations are SPARE, ENGINE, BOILER and ${guns.join(', ')}`)
  const has =
    from === 'SPARE'
      ? s.spare > 0
      : from === 'ENGINE'
        ? st.engine > 0
        : from === 'BOILER'
          ? st.boiler > 0
          : st.crewedGuns.includes(from)
  if (!has) fault(`CREW ${from} TO ${to}: ${from} has no CPV to give`)
  if (guns.includes(to) && st.crewedGuns.includes(to)) fault(`CREW ${from} TO ${to}: ${to} is crewed already`)
  order.crewMove = { from, to }
  said.push(`CREW ${from} TO ${to}`)
}

function refloatClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^REFLOAT\s+ASSIST\s+(\S+)$/i.exec(text.trim())
  if (!m) return fault('REFLOAT reads REFLOAT ASSIST <friendly ship alongside>')
  if (!s.aground) fault(`REFLOAT: ${s.name} is not aground`)
  const id = findUnit(ctx, m[1]!)
  if (!id || !ctx.own.some((o) => o.id === id) || id === s.id)
    return fault(`REFLOAT ASSIST ${m[1]}: name another of your ships afloat`, unitSuggestion(ctx, m[1]!, true))
  order.assist = id
  said.push(`REFLOAT ASSIST ${id}`)
}

function towClause(s: ShipForOrders, ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  const m = /^TOW\s+(\S+)$/i.exec(text.trim())
  if (!m) return fault('TOW reads TOW <friendly ship stopped alongside>', 'e.g. TOW CHIC')
  const id = findUnit(ctx, m[1]!)
  const f = ctx.own.find((o) => o.id === id)
  if (!f || f.id === s.id)
    return fault(`TOW ${m[1]}: name another of your ships afloat`, unitSuggestion(ctx, m[1]!, true))
  if (s.aground) fault(`TOW: ${s.name} is aground herself`)
  if (s.anchored) fault(`TOW: ${s.name} is at anchor (ANCHOR WEIGH first, §12 L1143)`)
  if (f.aground) fault(`TOW ${f.id}: ${f.name} is aground; help her off with REFLOAT ASSIST (§8 L499)`)
  if (f.anchored) fault(`TOW ${f.id}: ${f.name} is at anchor and must weigh it first (§12 L1143)`)
  if (f.speed !== 0 && s.towing !== f.id)
    fault(`TOW ${f.id}: ${f.name} must be stopped (speed 0 last move) to be taken in tow (ruling RC-49)`)
  if (s.alongside && !s.alongside.includes(f.id))
    fault(`TOW ${f.id}: ${f.name} is not alongside ${s.name} (hulls within the boarding gap, ruling RC-49)`)
  if (s.towing && s.towing !== f.id) fault(`TOW ${f.id}: ${s.name} already has ${s.towing} in tow`, 'CAST OFF first')
  if (ctx.own.some((o) => o.towing === s.id)) fault(`TOW ${f.id}: ${s.name} is in tow herself`)
  order.tow = f.id
  said.push(`TOW ${f.id}`)
}

function castClause(s: ShipForOrders, _ctx: OrderContext, order: ShipOrder, text: string, said: string[]): void {
  if (!/^CAST\s+OFF$/i.test(text.trim())) return fault('CAST OFF takes nothing more', 'CAST OFF')
  if (!s.towing) fault(`CAST OFF: ${s.name} has no ship in tow (ruling RC-49)`)
  order.castOff = true
  said.push('CAST OFF')
}

const READERS: Record<string, ClauseReader> = {
  ANCHOR: anchorClause,
  BOARD: boardClause,
  LAND: landClause,
  SPAR: sparClause,
  REPAIR: repairClause,
  CREW: crewClause,
  MORTAR: mortarClause,
  REFLOAT: refloatClause,
  TOW: towClause,
  CAST: castClause,
  BALLOON: (s, _ctx, order, text, said) => {
    balloonClause(s, order, text, said)
  },
}

/** Reads one of these clauses into `order`; false when the verb is not one of them. Throws a LineFault. */
export function shipClause(
  verb: string,
  s: ShipForOrders,
  ctx: OrderContext,
  order: ShipOrder,
  text: string,
  said: string[],
): boolean {
  const read = READERS[verb]
  if (!read) return false
  read(s, ctx, order, text, said)
  return true
}
