// Both sides' builds (RB 14, 15): how many each side has, what each piece costs, where it may be
// placed, what arrives only next turn, and the Confederate exchange of victory points for special
// build points. A build order list is checked whole, line by line, against the position at the
// start of the build phase; the same check serves the acknowledgement and the resolution. A card
// bought is drawn at once and may not be played in the phase that bought it (14.32, 15.44).
import type { Space } from './map.ts'
import type { Side } from './setup.ts'
import { freeShip, optionalUnionBuild } from './unionOptions.ts'
import { militiaBuild } from './militia.ts'
import { repairBuild } from './ironcladDamage.ts'
import { buildsFor, spendBuilds } from './yankeeIndustry.ts'
import { confederateBuilds, unionBuilds } from './buildCounts.ts'
import type { Buildable, BuildContext, BuildOrder, BuildPlan } from './buildTypes.ts'

/** At most two cards bought in a build phase (14.32, 15.44). */
const CARDS_A_PHASE = 2

/** RB 14.24: blockade runners that may be built outside the Confederacy in a year. */
export function runnersAbroad(year: number): number {
  return Math.max(1, Math.min(4, year - 1860))
}

const EUROPE = ['SPAI', 'FREN']
/** RB 15.33: the Union's two free gunboats each turn. */
export const UNION_FREE_GUNBOATS = ['CAIR', 'NAVY'] as const
const UNION_RIVER_PORTS = ['STLO', 'CAIR', 'CINC']
const SPECIAL_COST: Partial<Record<Buildable, number>> = {
  battery: 4,
  ironclad: 4,
  counterattack: 3,
  militia: 2,
  repair: 2,
  card: 2,
  gunboat: 1,
  runner: 1,
  raider: 1,
}

/** Checks and prices a side's build orders (RB 14.2-14.3 for the Confederacy, 15.3-15.4 for the Union). */
export function planBuilds(side: Side, orders: BuildOrder[], ctx: BuildContext): BuildPlan {
  return side === 'CSA' ? planConfederate(orders, ctx) : planUnion(orders, ctx)
}

/** The Confederate build as its lines are priced one by one. */
interface CsaBuild {
  ctx: BuildContext
  plan: BuildPlan
  special: number
  arsenalBatteries: number
  shipIn: Set<string>
  batteryIn: Set<string>
  raiders: number
  counterattacks: number
  abroad: Set<string>
}

/** One build line as it is priced: its space, and how it fails or pays. */
interface Line {
  o: BuildOrder
  space: Space | null
  fail: (message: string) => number
  pay: (builds: number) => boolean
}

function planConfederate(orders: BuildOrder[], ctx: BuildContext): BuildPlan {
  const b: CsaBuild = {
    ctx,
    plan: {
      now: [],
      nextTurn: [],
      vp: 0,
      buildsLeft: Math.max(0, confederateBuilds(ctx.citiesLost) - (ctx.raided ? 1 : 0)),
      cards: 0,
      errors: [],
    },
    special: ctx.specialPoints,
    // One battery a turn from each arsenal still held and not razed (14.23).
    arsenalBatteries: Math.max(
      0,
      ['ATLA', 'RICH'].filter((c) => held(ctx, c) === 'CSA' && !ctx.razed.has(c)).length +
        (ctx.extraArsenalBatteries ?? 0) -
        (ctx.raided ? 1 : 0),
    ),
    shipIn: new Set<string>(ctx.ironcladsPlaced),
    batteryIn: new Set<string>(),
    raiders: 0,
    counterattacks: 0,
    abroad: new Set<string>(),
  }
  for (const o of orders) {
    const fail = (message: string) => b.plan.errors.push({ line: o.line, message })
    const space = o.at && ctx.map.has(o.at) ? ctx.map.space(o.at) : null
    if (o.free) fail('only the Union takes free ships (18.24)')
    else if (o.at && !space) fail(`no space ${o.at} on the map`)
    else confederateLine(b, { o, space, fail, pay: (n) => payConfederate(b, o, n, fail) })
  }
  return b.plan
}

/** Pays a line with builds, or with special build points when it says SPECIAL (14.24, 14.32). */
function payConfederate(b: CsaBuild, o: BuildOrder, builds: number, fail: Line['fail']): boolean {
  if (o.special) {
    const cost = SPECIAL_COST[o.what]
    if (cost === undefined)
      return !fail(`${article(o.what)} ${o.what} cannot be bought with special build points (14.32)`)
    if (b.special < cost)
      return !fail(`${article(o.what)} ${o.what} costs ${cost} special build points; ${b.special} left (14.32)`)
    b.special -= cost
    return true
  }
  if (b.plan.buildsLeft < builds)
    return !fail(`${article(o.what)} ${o.what} costs ${builds} build(s); ${b.plan.buildsLeft} left (14.24)`)
  b.plan.buildsLeft -= builds
  return true
}

function confederateLine(b: CsaBuild, l: Line): void {
  const { o, fail, pay } = l
  const { ctx, plan } = b
  switch (o.what) {
    case 'raider':
      return buildRaider(b, l)
    case 'gunboat':
    case 'runner':
      return buildShip(b, l)
    case 'ironclad':
      if (ctx.turn === 1) fail('no ironclad is built on turn one (15.61)')
      else if (!o.special && b.arsenalBatteries < 1)
        fail('an ironclad takes a build and a battery, and no arsenal battery is left (14.24)')
      else if (pay(1)) {
        if (!o.special) b.arsenalBatteries--
        plan.nextTurn.push({ type: 'ironclad', at: null })
      }
      return
    case 'battery':
      return buildBattery(b, l)
    case 'card':
      // Only with special build points, two points a card (14.32).
      if (!o.special) fail('the Confederacy buys a card only with special build points: BUILD CARD SPECIAL (14.32)')
      else if (plan.cards >= CARDS_A_PHASE) fail(`at most ${CARDS_A_PHASE} cards bought a build phase (14.32)`)
      else if (pay(0)) plan.cards++
      return
    case 'counterattack':
      // Three builds, or all that are left when fewer (14.24).
      if (b.counterattacks >= 1) fail('one counterattack a turn (14.24)')
      else if (!o.special && plan.buildsLeft === 0)
        fail('a counterattack costs three builds, or all left; none is left (14.24)')
      else if (pay(o.special ? 0 : Math.min(3, plan.buildsLeft))) {
        b.counterattacks++
        plan.nextTurn.push({ type: 'counterattack', at: null })
      }
      return
    default:
      if (!militiaBuild(o, ctx, plan, pay, fail) && !repairBuild('CSA', o, ctx, plan, pay, fail))
        fail(`the Confederacy does not build ${article(o.what)} ${o.what}`)
  }
}

function buildRaider(b: CsaBuild, { o, space, fail, pay }: Line): void {
  const { ctx, plan } = b
  if (!space || !EUROPE.includes(space.id)) fail('a raider is built only in Spain or France & England (14.24)')
  else if (held(ctx, space.id) === 'USA') fail(`a Union control marker closes ${space.name} (#55)`)
  else if (b.raiders >= 1) fail('one raider a turn (14.24)')
  else if (pay(ctx.vp + plan.vp > 0 || o.special ? 1 : 2)) {
    b.raiders++
    // With no points to give, a raider costs two builds instead (14.24); bought with special points it still costs one (14.32).
    if (ctx.vp + plan.vp > 0 || o.special) plan.vp -= 1
    plan.now.push({ type: 'raider', at: space.id })
  }
}

function buildShip(b: CsaBuild, { o, space, fail, pay }: Line): void {
  const { ctx, plan } = b
  if (!space) return void fail(`name the port for the ${o.what}`)
  if (o.what === 'runner' && space.kind === 'neutralPort') {
    if (held(ctx, space.id) === 'USA') return void fail(`a Union control marker closes ${space.name} (#55)`)
    const europeFirst = b.abroad.size > 0 || EUROPE.includes(space.id)
    if (!europeFirst) fail('the first runner built abroad each turn is built in Europe (14.24)')
    else if (b.abroad.has(space.id)) fail(`one runner a turn in ${space.name} (14.24)`)
    else if (b.abroad.size >= runnersAbroad(ctx.year))
      fail(`${runnersAbroad(ctx.year)} runner(s) abroad in ${ctx.year} (14.24)`)
    else if (pay(1)) {
      b.abroad.add(space.id)
      plan.now.push({ type: 'runner', at: space.id })
    }
    return
  }
  const csaPort =
    (space.kind === 'oceanPort' || space.kind === 'riverPort') && held(ctx, space.id) === 'CSA' && !space.noBuild
  if (!csaPort) fail(`${article(o.what)} ${o.what} is built in a Confederate ocean or river port (14.24)`)
  else if (ctx.ironcladsPlaced.includes(space.id))
    fail(`an ironclad is placed in ${space.name} this build: no other ship is built there (14.24)`)
  else if (b.shipIn.has(space.id)) fail(`one ship a turn in ${space.name} (14.24)`)
  else if (pay(1)) {
    b.shipIn.add(space.id)
    plan.now.push({ type: o.what as 'gunboat' | 'runner', at: space.id })
  }
}

function buildBattery(b: CsaBuild, { o, space, fail, pay }: Line): void {
  const { ctx, plan } = b
  // A battery may take uncommitted Kentucky while Nashville, Chattanooga and Atlanta are held (12.3, 12.32).
  const kentucky =
    !!space && space.side === 'neutral' && held(ctx, space.id) === 'neutral' && space.kind === 'riverPort'
  const kentuckyOpen = ['NASH', 'CHAT', 'ATLA'].every((c) => held(ctx, c) === 'CSA')
  if (kentucky && !kentuckyOpen)
    fail(`a battery may enter ${space!.name} only while Nashville, Chattanooga and Atlanta are Confederate (12.32)`)
  else if (
    !space ||
    !['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(space.kind) ||
    (held(ctx, space.id) !== 'CSA' && !kentucky)
  )
    fail('a battery goes to a Confederate fort, city or port (14.24)')
  else if (!o.special && b.arsenalBatteries < 1)
    fail('no arsenal battery is left this turn (14.23); a battery costs 4 special build points')
  else if (!o.special && b.batteryIn.has(space.id)) fail(`one battery a turn in ${space.name} (14.24)`)
  else if (!o.special || pay(0)) {
    // An arsenal battery is free but one a space; a bought one may join it (14.32).
    if (!o.special) {
      b.arsenalBatteries--
      b.batteryIn.add(space.id)
    }
    plan.now.push({ type: 'battery', at: space.id })
  }
}

function planUnion(orders: BuildOrder[], ctx: BuildContext): BuildPlan {
  const buildsLeft = Math.max(
    0,
    unionBuilds(ctx.turn) - (ctx.riots ?? 0) - (ctx.cardBuilds ?? 0) + Math.min(0, ctx.yankee?.industry ?? 0),
  )
  const extra = { industry: Math.max(0, ctx.yankee?.industry ?? 0), conscription: ctx.yankee?.conscription ?? 0 }
  const plan: BuildPlan = { now: [], nextTurn: [], vp: 0, buildsLeft, cards: 0, errors: [] }
  const gunboats = new Map<string, number>()
  const ironclads = new Set<string>()
  const placed = new Set<string>(ctx.ironcladsPlaced)
  let pawns = 0
  const more = ctx.corrupted ? 1 : 0
  const freeTaken = { n: 0 }
  for (const o of orders) {
    const fail = (message: string) => plan.errors.push({ line: o.line, message })
    const pay = (n: number) => {
      if (o.free) return freeShip(o, ctx, plan, fail, freeTaken)
      const left = buildsFor(plan, extra, o.what)
      if (left < n) return !fail(`${article(o.what)} ${o.what} costs ${n} build(s); ${left} left (15.41)`)
      spendBuilds(plan, extra, o.what, n)
      return true
    }
    const at = o.at ?? (o.what === 'sloop' ? 'NAVY' : null)
    const unionYard = at === 'NAVY' || (at !== null && UNION_RIVER_PORTS.includes(at) && held(ctx, at) === 'USA')
    switch (o.what) {
      case 'gunboat': {
        if (!unionYard) fail('a Union gunboat is built in the Navy Yards or an original Union river port (15.42)')
        else if (at !== 'NAVY' && placed.has(at!))
          fail(`an ironclad is placed in ${at} this build: no gunboat is built there (15.42)`)
        else if (at !== 'NAVY' && ironclads.has(at!)) fail(`${at} has an ironclad this turn: no gunboat there (15.42)`)
        else if (at !== 'NAVY' && (gunboats.get(at!) ?? 0) >= 2) fail(`two gunboats a turn in ${at} (15.42)`)
        else if (pay(1 + more)) {
          gunboats.set(at!, (gunboats.get(at!) ?? 0) + 1)
          plan.now.push({ type: 'gunboat', at: at! })
        }
        break
      }
      case 'sloop': {
        if (at !== 'NAVY') fail('screw sloops are built in the Navy Yards (15.22)')
        else if (pay(1 + more)) plan.nextTurn.push({ type: 'sloop', at: 'NAVY' })
        break
      }
      case 'ironclad': {
        if (ctx.turn === 1) fail('no ironclad is built on turn one (15.61)')
        else if (!unionYard) fail('a Union ironclad is built in the Navy Yards or an original Union river port (15.42)')
        else if (at !== 'NAVY' && (ironclads.has(at!) || (gunboats.get(at!) ?? 0) > 0))
          fail(`one ironclad, or two gunboats, a turn in ${at} (15.42)`)
        else if (pay(2 + more)) {
          if (at !== 'NAVY') ironclads.add(at!)
          plan.nextTurn.push({ type: 'ironclad', at })
        }
        break
      }
      case 'pawn': {
        if (ctx.riots !== undefined) fail('no extra assault is bought in the Draft Riots (18.32)')
        else if (pawns >= 2) fail('at most two extra assaults a turn (15.44)')
        else if (pay(ctx.corrupted ? 5 : 4)) {
          pawns++
          plan.nextTurn.push({ type: 'pawn', at: null })
        }
        break
      }
      case 'card': {
        if (ctx.riots !== undefined) fail('no card is bought in the Draft Riots (18.32)')
        else if (plan.cards >= CARDS_A_PHASE) fail(`at most ${CARDS_A_PHASE} cards bought a turn (15.44)`)
        else if (pay(2)) plan.cards++
        break
      }
      default:
        if (!optionalUnionBuild(o, ctx, plan, pay, fail)) fail(`the Union does not build ${article(o.what)} ${o.what}`)
    }
  }
  return plan
}

/** "an ironclad", "a gunboat". */
const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a')

function held(ctx: BuildContext, id: string): Side | 'neutral' {
  return ctx.control[id] ?? ctx.map.space(id).side ?? 'neutral'
}
