// What a ship does besides steering and shooting, checked once the grammar has read the clause:
// anchors (§12 L1143), boarding (§12 L1115-1125), landing parties (§12 L1127-1139), the spar
// torpedo (§9 L821-833), repairs (§9 L717), crew between stations (§3 L119-125), help off a sandbar
// (§8 L499, L513) and towing a friend stopped alongside (ruling RC-49).
import { balloonClause } from './balloons.ts'
import { FIRE_SHIP_CLAUSES } from './fireShipClauses.ts'
import { type ClauseCheck, HELM_CLAUSES } from './helmClauses.ts'
import { mortarClause } from './mortarOrders.ts'
import { fault } from './orderWords.ts'

const anchorClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const what = args.anchor as 'DROP' | 'WEIGH'
  // §12 L1143: anchors are dropped or weighed only with the ship stopped.
  if (what === 'DROP' && (s.speed !== 0 || order.speed !== 0))
    fault(`ANCHOR DROP: ${s.name} must be stopped (speed 0 last move and this move, §12 L1143)`)
  if (what === 'WEIGH' && !s.anchored) fault(`ANCHOR WEIGH: ${s.name} is not at anchor`)
  // §12 L1143: it takes a CPV to work the anchor; a ship with none left aboard cannot.
  const st = s.stations
  if (s.spare + st.engine + st.boiler + st.crewedGuns.length === 0)
    fault(`ANCHOR ${what}: ${s.name} has no CPV left to work the anchor (it takes 1, §12 L1143)`)
  order.anchor = what
  said.push({ form: 'ANCHOR', args: { anchor: what } })
}

const boardClause: ClauseCheck = (s, ctx, order, args, said) => {
  const id = args.target as string
  const parties = (args.parties as number | undefined) ?? ctx.boardingParties
  if (parties < 1 || parties > ctx.boardingParties)
    fault(`BOARD ${id} ${parties}: 1 to ${ctx.boardingParties} parties a move (§12 L1115)`)
  if (parties > s.spare) fault(`BOARD ${id} ${parties}: ${s.name} has ${s.spare} spare CPV to send`)
  order.board = { target: id, parties }
  said.push({ form: 'BOARD', args: { target: id, parties } })
}

const landClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const goal = args.goal as string
  const parties = args.parties as number
  if (parties < 1 || parties > s.spare) fault(`LAND ${parties}: ${s.name} has ${s.spare} spare CPV to put ashore`)
  // §12 L1129 ruling RC-46: the boats go from a ship stopped within 1" of the shore.
  if (order.speed !== 0) fault(`LAND: ${s.name} must be stopped to put parties ashore (SPEED 0)`)
  order.land = { goal, parties }
  said.push({ form: 'LAND', args: { parties, goal } })
}

const sparClause: ClauseCheck = (s, _ctx, order, args, said) => {
  if (!s.sparReady) fault(`SPAR: ${s.name} has no spar torpedo left (declared at the start, one use, §9 L823-825)`)
  order.spar = args.target as string
  said.push({ form: 'SPAR', args: { target: order.spar } })
}

const repairClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const crew = args.crew as number
  const job = (args.job as string | undefined) ?? 'AUTO'
  if (crew < 1 || crew > s.spare) fault(`REPAIR ${crew}: ${s.name} has ${s.spare} spare CPV (§9 L717)`)
  if (!s.jobs.length) fault(`REPAIR: ${s.name} has nothing a crew can repair (lasting damage cannot be, §9 L717)`)
  if (job !== 'AUTO' && !s.jobs.includes(job))
    fault(`REPAIR ... ${job}: not a repair job of ${s.name}`, `her jobs: ${s.jobs.join(', ')} or AUTO`)
  order.repair = { crew, job }
  said.push({ form: 'REPAIR', args: { crew, job } })
}

const crewClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const [from, to] = [args.from as string, args.to as string]
  const st = s.stations
  const guns = s.guns.map((g) => g.id.toUpperCase())
  const known = (w: string) => ['SPARE', 'ENGINE', 'BOILER', ...guns].includes(w)
  if (!known(from) || !known(to) || from === to)
    fault(`CREW ${from} TO ${to}: stations are SPARE, ENGINE, BOILER and ${guns.join(', ')}`)
  const crewed: Record<string, boolean> = { SPARE: s.spare > 0, ENGINE: st.engine > 0, BOILER: st.boiler > 0 }
  if (!(crewed[from] ?? st.crewedGuns.includes(from))) fault(`CREW ${from} TO ${to}: ${from} has no CPV to give`)
  if (guns.includes(to) && st.crewedGuns.includes(to)) fault(`CREW ${from} TO ${to}: ${to} is crewed already`)
  order.crewMove = { from, to }
  said.push({ form: 'CREW', args: { from, to } })
}

const refloatClause: ClauseCheck = (s, _ctx, order, args, said) => {
  const id = args.friend as string
  if (!s.aground) fault(`REFLOAT: ${s.name} is not aground`)
  if (id === s.id) fault(`REFLOAT ASSIST ${id}: name another of your ships afloat`)
  order.assist = id
  said.push({ form: 'REFLOAT', args: { friend: id } })
}

const towClause: ClauseCheck = (s, ctx, order, args, said) => {
  const f = ctx.own.find((o) => o.id === args.friend)!
  if (f.id === s.id) fault(`TOW ${f.id}: name another of your ships afloat`)
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
  said.push({ form: 'TOW', args: { friend: f.id } })
}

const castClause: ClauseCheck = (s, _ctx, order, _args, said) => {
  if (!s.towing) fault(`CAST OFF: ${s.name} has no ship in tow (ruling RC-49)`)
  order.castOff = true
  said.push({ form: 'CAST OFF', args: {} })
}

/** Every clause's check, by the name of its form in clauseGrammar.ts. */
export const CLAUSE_CHECKS: Record<string, ClauseCheck> = {
  ...HELM_CLAUSES,
  ANCHOR: anchorClause,
  BOARD: boardClause,
  LAND: landClause,
  SPAR: sparClause,
  REPAIR: repairClause,
  CREW: crewClause,
  MORTAR: mortarClause,
  REFLOAT: refloatClause,
  TOW: towClause,
  'CAST OFF': castClause,
  ...FIRE_SHIP_CLAUSES,
  BALLOON: balloonClause,
}
