// The commands an Infernal Machine order line becomes (digest section 5), and how an order read by
// the declared grammar (orderGrammar.ts) is turned into one: what the grammar cannot say (a stake of
// the table, a job that needs its mechanism, a shift of one step) is checked here.
import type { Order as KitOrder, Value } from '../kit/grammar.ts'
import type { Order } from './boat.ts'
import type { PartKind } from './fishboatPack.ts'
import type { HALT_KINDS } from './orderGrammar.ts'
import type { ImPack } from './pack.ts'

export type HaltKind = (typeof HALT_KINDS)[number]

/** Who fills a Contract's place left by a persona sick or gone (p.53, p.62): the judge's pick, no one, or these in order. */
export type Refill = 'auto' | 'none' | string[]

type Persist = 'cubes' | 'action' | null

export type ImCommand =
  | { kind: 'investor'; id: string }
  | { kind: 'build'; tiles: string[]; parts: [string, number][]; sell: string[]; move?: [string, number][] }
  | { kind: 'relocate'; to: string }
  | { kind: 'commission'; budget: number; persist: Persist }
  | { kind: 'contract'; id: string; personae: string[] }
  | { kind: 'invest'; stake: number; solicitor: boolean }
  | {
      kind: 'letter'
      letter: 'marque' | 'recruitment'
      paid: number
      persona?: string
      grease: number
      persist: Persist
    }
  | { kind: 'mission'; training: boolean; launch: string; crew: [string, number][] }
  | { kind: 'recruit'; deck: 'journeyman' | 'mechanic' | 'sailor'; keep: string[] | 'all' }
  | { kind: 'military'; personae: string[] }
  | { kind: 'requisition'; parts: string[]; grease: number; persist: Persist }
  | { kind: 'salvage'; keep: string[]; roll: boolean }
  | { kind: 'pass' }
  | { kind: 'changesides' }
  | { kind: 'orders'; orders: Record<string, Order> }
  | { kind: 'route'; steps: { to: string; elevation?: number }[] }
  | { kind: 'target'; markers: string[] }
  | { kind: 'approach'; crank: 'best' | 'easy' | 'full' | 'full+' | 'strain' }
  | { kind: 'tactic'; detonateAt: 'near' | 'contact' | 'otherSide'; exitIfHits: number }
  | { kind: 'concussion'; crank: 'easy' | 'full' | 'strain' }
  | { kind: 'cubes'; at: number | 'safe'; red?: number }
  | { kind: 'response'; reroll: boolean }
  | { kind: 'fatesmiles'; hits: number }
  | { kind: 'navcrank'; auto: boolean }
  | { kind: 'endmission'; home: boolean }
  | { kind: 'doctor'; all: boolean }
  | { kind: 'sentiment'; pick: 'red' | 'investor' }
  | { kind: 'refill'; pick: Refill }
  | { kind: 'leaks'; tiles: number[] | 'auto' }
  | { kind: 'pace'; pace: 'mission' | 'step' }
  | { kind: 'shift'; condition: string; from: string; dir: 'up' | 'down'; pay: 'red' | 'action' }
  | { kind: 'benefit'; benefit: string }
  | { kind: 'slack'; depth: number }
  | { kind: 'halt'; points: HaltKind[] }
  | { kind: 'markers'; marker: 'fatigue' | 'panic'; personae: string[] }

type Args = Record<string, Value>

const strs = (v: Value | undefined) => ((v as Value[] | undefined) ?? []).map(String)
const low = <T extends string>(v: Value | undefined) => String(v).toLowerCase() as T
const persist = (a: Args): Persist => (a.persist === undefined ? null : low<'cubes' | 'action'>(a.persist))
/** A compound `<id>@<n>`'s two pieces. */
const placed = (v: Value, name: string): [string, number] => {
  const o = v as KitOrder
  return [String(o.args[name]), Number(o.args.tile)]
}
const compounds = (v: Value | undefined) => ((v as Value[] | undefined) ?? []).filter((x) => typeof x === 'object')

/** BUILD: new tiles (bare names) and parts on tiles; MOVE parts aboard; SELL parts, on a tile or not. */
function build(a: Args): ImCommand | string {
  const add = (a.add as Value[] | undefined) ?? []
  const tiles = add.filter((x) => typeof x === 'string') as string[]
  const parts = compounds(a.add).map((x) => placed(x, 'part'))
  const move = [...compounds(a.move), ...compounds(a.moveAfter)].map((x) => placed(x, 'part'))
  const sell = ((a.sell as Value[] | undefined) ?? []).map((x) =>
    typeof x === 'string' ? x : placed(x, 'part').join('@'),
  )
  if (!tiles.length && !parts.length && !move.length && !sell.length) return 'name the parts'
  return { kind: 'build', tiles, parts, sell, ...(move.length ? { move } : {}) }
}

function crew(a: Args): ImCommand | string {
  const orders: Record<string, Order> = {}
  for (const j of compounds(a.jobs) as KitOrder[]) {
    const who = String(j.args.persona)
    const job = String(j.args.job)
    const mechanism = j.args.mechanism as PartKind | undefined
    if ((job === 'MECH' || job === 'REPAIR') !== (mechanism !== undefined))
      return mechanism
        ? `${who}=${job} names no mechanism`
        : `${who}=${job} names the mechanism: ${who}=${job}:<mechanism>`
    orders[who] =
      job === 'STEER'
        ? { kind: 'steer' }
        : job === 'LEAK'
          ? { kind: 'leakControl' }
          : job === 'MECH'
            ? { kind: 'mech', mechanism: mechanism! }
            : { kind: 'repair', target: mechanism! }
  }
  return { kind: 'orders', orders }
}

function route(a: Args): ImCommand | string {
  const steps = ((a.steps as Value[] | undefined) ?? [])
    .filter((x) => x !== '>')
    .map((x) => {
      if (typeof x === 'string') return { to: x }
      const o = x as KitOrder
      return { to: String(o.args.position), elevation: Number(o.args.elevation) }
    })
  return steps.length ? { kind: 'route', steps } : 'name the positions'
}

const SHIFTS: Record<string, string[]> = {
  VISIBILITY: ['BRIGHT', 'DIM', 'INKY'],
  DRIFT: ['STRONG', 'WEAK', 'CALM'],
  DIRECTION: ['EBB', 'FLOOD'],
}

/** One step along bright-dim-inky, strong-weak-calm or ebb-flood, for 2 Red (p.16). */
function shift(a: Args): ImCommand | string {
  const steps = SHIFTS[String(a.condition)]!
  const gap = steps.indexOf(String(a.to)) - steps.indexOf(String(a.from))
  if (steps.indexOf(String(a.from)) < 0 || Math.abs(gap) !== 1)
    return 'shift one step: VISIBILITY IF BRIGHT TO DIM, DRIFT IF STRONG TO WEAK, DIRECTION IF EBB TO FLOOD'
  const pay = a.pay === 'ACTION' ? 'action' : 'red'
  return { kind: 'shift', condition: low(a.condition), from: low(a.from), dir: gap > 0 ? 'down' : 'up', pay }
}

function benefit(a: Args): ImCommand | string {
  const b = a.benefit as KitOrder
  const kind = String(b.args.benefit).toLowerCase()
  const who = b.args.persona
  const named = kind === 'operator' || kind === 'teamwork'
  if (named !== (who !== undefined)) return 'BLACK, STRENGTH, OPERATOR:<persona> or TEAMWORK:<persona>'
  return { kind: 'benefit', benefit: who === undefined ? kind : `${kind}:${String(who)}` }
}

/** The campaign actions (p.47-61). */
function action(pack: ImPack, o: KitOrder): ImCommand | string | null {
  const a = o.args
  switch (o.form) {
    case 'investor':
      return { kind: 'investor', id: String(a.persona) }
    case 'build':
      return build(a)
    case 'relocate':
      return { kind: 'relocate', to: String(a.location) }
    case 'commission':
      return { kind: 'commission', budget: Number(a.budget ?? 0), persist: persist(a) }
    case 'contract':
      return { kind: 'contract', id: String(a.contract), personae: strs(a.personae) }
    case 'invest': {
      const stakes = pack.campaign.investmentRules.stakes
      if (!stakes.includes(Number(a.stake))) return `the stake is one of ${stakes.join(', ')}`
      return { kind: 'invest', stake: Number(a.stake), solicitor: a.solicitor === true }
    }
    case 'letter': {
      const letter = low<'marque' | 'recruitment'>(a.letter)
      const table = letter === 'marque' ? pack.campaign.letterOfMarque : pack.campaign.letterOfRecruitment
      if (!table.some((r) => r.paid === Number(a.paid))) return `pay one of ${table.map((r) => r.paid).join(', ')}`
      const grease = Number(a.grease ?? 0)
      return {
        kind: 'letter',
        letter,
        paid: Number(a.paid),
        grease,
        persist: persist(a),
        ...(a.persona ? { persona: String(a.persona) } : {}),
      }
    }
    case 'mission':
      return {
        kind: 'mission',
        training: a.mode === 'TRAINING',
        launch: String(a.launch),
        crew: compounds(a.crew).map((x) => placed(x, 'persona')),
      }
    case 'military':
      return { kind: 'military', personae: strs(a.personae) }
    case 'recruit': {
      const keep = strs(a.keep)
      if (keep.includes('ALL') && keep.length > 1) return 'KEEP ALL or the personae to keep'
      return { kind: 'recruit', deck: low(a.deck), keep: !keep.length || keep[0] === 'ALL' ? 'all' : keep }
    }
    case 'requisition':
      return { kind: 'requisition', parts: strs(a.parts), grease: Number(a.grease ?? 0), persist: persist(a) }
    case 'salvage':
      return { kind: 'salvage', keep: strs(a.keep), roll: a.roll === true }
    case 'pass':
      return { kind: 'pass' }
    case 'changesides':
      return { kind: 'changesides' }
  }
  return null
}

/** The mission's standing orders (p.23-40). */
function missionOrder(o: KitOrder): ImCommand | string | null {
  const a = o.args
  switch (o.form) {
    case 'crew':
      return crew(a)
    case 'route':
      return route(a)
    case 'target-none':
      return { kind: 'target', markers: [] }
    case 'target-passage':
      return { kind: 'target', markers: ['passage'] }
    case 'target':
      return { kind: 'target', markers: strs(a.markers) }
    case 'approach':
      return { kind: 'approach', crank: low(a.crank) }
    case 'tactic':
      return {
        kind: 'tactic',
        detonateAt: a.zone === 'OTHERSIDE' ? 'otherSide' : low(a.zone),
        exitIfHits: Number(a.hits ?? 9),
      }
    case 'concussion':
      return { kind: 'concussion', crank: low(a.crank) }
    case 'cubes-safe':
    case 'cubes':
      return {
        kind: 'cubes',
        at: o.form === 'cubes' ? Number(a.total) : 'safe',
        ...(a.red !== undefined ? { red: Number(a.red) } : {}),
      }
    case 'response':
      return { kind: 'response', reroll: a.choice === 'AUTO' }
    case 'fatesmiles-never':
      return { kind: 'fatesmiles', hits: 99 }
    case 'fatesmiles':
      return { kind: 'fatesmiles', hits: Number(a.hits) }
    case 'navcrank':
      return { kind: 'navcrank', auto: a.choice === 'AUTO' }
    case 'endmission':
      return { kind: 'endmission', home: a.choice === 'HOME' }
  }
  return null
}

/** Set-up, the season's end, the pace and the halt points. */
function campaignOrder(o: KitOrder): ImCommand | string {
  const a = o.args
  switch (o.form) {
    case 'doctor':
      return { kind: 'doctor', all: a.choice === 'ALL' }
    case 'sentiment':
      return { kind: 'sentiment', pick: low(a.choice) }
    case 'refill-auto':
      return { kind: 'refill', pick: 'auto' }
    case 'refill-none':
      return { kind: 'refill', pick: 'none' }
    case 'refill':
      return { kind: 'refill', pick: strs(a.personae) }
    case 'leaks-auto':
      return { kind: 'leaks', tiles: 'auto' }
    case 'leaks':
      return { kind: 'leaks', tiles: ((a.tiles as Value[]) ?? []).map(Number) }
    case 'shift':
      return shift(a)
    case 'benefit':
      return benefit(a)
    case 'slack':
      return { kind: 'slack', depth: Number(a.depth) }
    case 'markers':
      return { kind: 'markers', marker: low(a.marker), personae: strs(a.personae) }
    case 'pace':
      return { kind: 'pace', pace: low(a.pace) }
    case 'halt-none':
      return { kind: 'halt', points: [] }
    case 'halt':
      return { kind: 'halt', points: strs(a.points) as HaltKind[] }
  }
  throw new Error(`no command for the order form ${o.form}`)
}

/** The command an order read by the grammar stands for, or why it cannot be given. */
export function readCommand(pack: ImPack, o: KitOrder): ImCommand | string {
  return action(pack, o) ?? missionOrder(o) ?? campaignOrder(o)
}
