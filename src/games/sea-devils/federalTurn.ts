// The Federal side of the turn (rules 4.1, 10.4, 11.1): deployment from the tracks, movement of the
// units and the Pacific march, and the automatic placements of reinforcements.
import type { FederalOrders } from './orders.ts'
import { PUBLIC, USA, type Resolution } from './resolution.ts'
import { noteSpotted, reveal } from './combat.ts'
import { DEPLOY_TYPES, type DeployType } from './pack.ts'
import { isFree, isMarching, neighbours, type Ctx, type SdState } from './state.ts'
import { deploymentPoints } from './tables.ts'
import { europeBlockadeTargets, joinBlockadeBar } from './legality.ts'

/** 1C automatic steps: 10.1, 10.11, 10.2, 11.1, 10.31. */
export function federalAutomaticPlacement(res: Resolution, reinforcements: string[]): void {
  const { state, ctx } = res
  for (const u of Object.values(state.usa)) {
    if (u.loc === 'sunk' || u.loc === 'pending') continue
    const def = ctx.ship(u.id)
    if (u.fromUP) {
      moveTo(u, 'UP')
      u.fromUP = false
      res.say(PUBLIC, '10.11', `${u.id} returns to the Unavailable Pool.`)
      continue
    }
    if (isFree(ctx, u)) continue
    if ((def.availability ?? 0) - u.spent <= 0 && u.loc !== 'UP') {
      moveTo(u, 'UP')
      res.say(PUBLIC, '10.1', `${u.id} has no availability left and goes to the Unavailable Pool.`)
    } else if (u.loc === 'CSE') {
      moveTo(u, 'AP')
      res.say(PUBLIC, '10.1', `${u.id} leaves the CSE box for the Available Pool.`)
    }
  }
  for (const id of reinforcements) {
    const u = state.usa[id]
    if (!u || u.loc !== 'pending') continue
    const def = ctx.ship(id)
    const east = ctx.pack.mapRoles.eastCoast
    if (def.marchesToPacific || def.fleet === 'S') {
      // 11.22: Pacific reinforcements appear on the east coast and make for the Pacific at no cost;
      // 11.62 (ruling R22): the Stonewall Pursuit Fleet enters there too, free of cost.
      u.loc = 'map'
      u.area = east
    } else moveTo(u, 'AP')
    const how = def.marchesToPacific
      ? `appears in ${east} bound for the Pacific`
      : def.fleet === 'S'
        ? `joins the Stonewall Pursuit Fleet in ${east}, free of deployment and availability (11.62)`
        : 'joins the Available Pool'
    res.say(PUBLIC, '10.2', `Federal reinforcement: ${id} ${how}.`)
  }
  const inPlay = Object.values(state.csa).filter((s) => s.status === 'map')
  const count = Math.floor(inPlay.reduce((n, s) => n + (ctx.area(s.area!).european ? 0.5 : 1), 0))
  const r = res.roll('Federal Warship Deployment Table', 6, PUBLIC)
  const points = deploymentPoints(ctx.pack.tables, r.value, count)
  for (const t of DEPLOY_TYPES) state.deployTrack[t] += points[t]
  res.say(
    PUBLIC,
    '10.31',
    `Deployment roll with ${count} Confederate ship(s) in play: die ${r.value} gives ${fmtTrack(points)}; the track now shows ${fmtTrack(state.deployTrack)}.`,
    [r.ref],
  )
}

export function fmtTrack(t: Record<DeployType, number>): string {
  return DEPLOY_TYPES.map((k) => `${k} ${t[k]}`).join(', ')
}

export function moveTo(u: SdState['usa'][string], loc: 'AP' | 'UP'): void {
  u.loc = loc
  u.area = null
  u.blockading = null
  u.damage = 0
}

/** 1C choices (10.4-10.44, 10.11, 6.3 declarations). The movement is held back, unseen, for Phase 3. */
export function applyDeployment(res: Resolution, orders: FederalOrders): void {
  const { state, ctx } = res
  const chosen = new Set(orders.deploy.map((d) => d.ship))
  for (const d of orders.deploy) {
    const u = state.usa[d.ship]!
    const def = ctx.ship(d.ship)
    const type = def.type as DeployType
    if ((state.deployTrack[type] ?? 0) <= 0) {
      res.say(USA, '10.42', `${d.ship} cannot be deployed: no ${type} points left.`)
      chosen.delete(d.ship)
      continue
    }
    state.deployTrack[type] -= 1
    if (d.fromUP) {
      u.fromUP = true
      u.upUses += 1
    } else u.spent += 1
    u.deployed = true
    const from = u.loc === 'map' ? `stays in ${u.area}` : 'enters at C9'
    if (u.loc !== 'map') {
      u.loc = 'map'
      u.area = ctx.pack.mapRoles.eastCoast
    }
    res.say(
      PUBLIC,
      d.fromUP ? '10.11' : '10.42',
      `${d.ship} (${type}) is deployed and ${from}${d.fromUP ? ' (from the Unavailable Pool)' : `; availability ${u.spent}/${def.availability}`}.`,
    )
  }
  for (const u of Object.values(state.usa)) {
    if (u.loc !== 'map' || chosen.has(u.id) || isFree(ctx, u)) continue
    moveTo(u, 'AP')
    res.say(PUBLIC, '10.44', `${u.id} is not used this turn and returns to the Available Pool.`)
  }
  state.europeDeclarations = orders.europe.filter((e) => chosen.has(e.ship) || isFree(ctx, state.usa[e.ship]!))
  for (const e of state.europeDeclarations)
    res.say(
      PUBLIC,
      '6.3',
      `Declared: ${e.ship} will move into ${e.area} to blockade the Confederate ships that began the turn there.`,
    )
  state.pendingFederal = orders
  state.stage = 'confederate-orders'
}

/** Phase 3: the Federal ships move; squadrons, CSE box, blockades and European auto-spotting follow. */
export function federalMovement(res: Resolution, orders: FederalOrders): void {
  const { state, ctx } = res
  const year = String(ctx.year(state.turn))
  for (const u of Object.values(state.usa)) if (u.loc === 'map') u.phaseStart = u.area
  pacificMarch(res)
  for (const m of orders.moves) {
    const u = state.usa[m.ship]!
    if (u.loc !== 'map') {
      res.say(USA, '4.1', `${m.ship} is not on the map; its MOVE is void.`)
      continue
    }
    u.area = m.path.at(-1)!
    u.moved = true
    if (u.blockading) {
      res.say(PUBLIC, '7.24', `${m.ship} leaves the blockade of ${u.blockading}.`)
      u.blockading = null
    }
    res.say(PUBLIC, '4.1', `${m.ship} moves ${m.path.join(' -> ')}.`)
  }
  for (const id of orders.cse) {
    const u = state.usa[id]!
    if (u.loc !== 'map' || (ctx.pack.cse.perYear[year] ?? 0) - (state.cseUsed[year] ?? 0) <= 0) {
      res.say(USA, '11.12', `${id} cannot join the CSE box.`)
      continue
    }
    state.cseUsed[year] = (state.cseUsed[year] ?? 0) + 1
    u.loc = 'CSE'
    u.area = null
    u.blockading = null
    res.say(
      PUBLIC,
      '11.1',
      `${id} escorts the California steamers (CSE box); ${year} CSE points used: ${state.cseUsed[year]}.`,
    )
  }
  orders.stacks.forEach((ids, i) => {
    const areas = new Set(ids.map((id) => (state.usa[id]!.loc === 'map' ? state.usa[id]!.area : null)))
    if (areas.size !== 1 || areas.has(null)) {
      res.say(PUBLIC, '4.52', `Squadron ${ids.join('+')} is not formed: its ships do not end Phase 3 together.`)
      return
    }
    state.squadrons[`SQ${i + 1}`] = ids
    res.say(PUBLIC, '4.52', `Squadron ${ids.join('+')} is formed in ${[...areas][0]}.`)
  })
  for (const b of orders.blockades) {
    const u = state.usa[b.ship]!
    const bar =
      u.loc === 'map' ? joinBlockadeBar(state, b.target, u.area) : { rule: '7.24', why: 'it is not on the map' }
    if (!bar) {
      u.blockading = b.target
      res.say(PUBLIC, '7.24', `${b.ship} joins the blockade of ${b.target} in ${u.area}.`)
    } else res.say(USA, bar.rule, `${b.ship} cannot join a blockade of ${b.target}: ${bar.why}.`)
  }
  // 6.3: declared ships entering a European area blockade the Confederates who began the turn there.
  for (const d of state.europeDeclarations) {
    const u = state.usa[d.ship]!
    if (u.loc !== 'map' || u.area !== d.area || !u.moved) {
      res.say(PUBLIC, '6.3', `${d.ship} did not enter ${d.area} this phase; its declared blockade does not happen.`)
      continue
    }
    // 11.61: the Stonewall is spotted only at the end of Phase 3, never by this rule.
    const first = europeBlockadeTargets(state, ctx, d.area)[0]
    const target = first ? state.csa[first] : undefined
    if (!target) {
      res.say(
        PUBLIC,
        '6.3',
        `${d.ship} enters ${d.area}: no Confederate ship that began the turn there is left to blockade; the declared blockade finds nothing.`,
      )
      continue
    }
    if (target.port === null)
      target.port = ctx.area(d.area).ports.find((p) => p.nat !== 'USA' && p.nat !== 'CSA')?.nat ?? 'refuge'
    u.blockading = target.id
    reveal(res, target.id)
    res.say(PUBLIC, '6.3', `${d.ship} enters ${d.area}: ${target.id} is spotted and blockaded in port.`, undefined, {
      at: d.area,
      mark: 'blockade',
    })
    noteSpotted(res, [target.id])
  }
  // 9.38: a Federal ship that spends the whole phase on a South American coal port shuts it.
  for (const u of Object.values(state.usa)) {
    if (u.loc !== 'map' || u.moved || !u.area) continue
    for (const p of ctx.area(u.area).ports) {
      if (SOUTH_AMERICAN_DENIAL.includes(p.nat) && p.coal && !state.coalDenied.includes(p.nat)) {
        state.coalDenied.push(p.nat)
        res.say(
          PUBLIC,
          '9.38',
          `${u.id} holds ${u.area} all phase: ${p.nat} gives no coal to Confederate ships this turn.`,
        )
      }
    }
  }
}

/**
 * 11.22 (ruling R17): each Pacific reinforcement still outside the Pacific marches along a shortest
 * path toward the pack's target at half its speed (rounded as the pack says, at least its minimum),
 * and stops as soon as it is in the Pacific.
 */
export function pacificMarch(res: Resolution): void {
  const { state, ctx } = res
  const rule = ctx.pack.pacificMarch
  for (const u of Object.values(state.usa)) {
    if (!isMarching(ctx, u)) continue
    const speed = ctx.ship(u.id).ma - u.damage
    const steps = Math.max(
      rule.minimum,
      rule.roundUp ? Math.ceil(speed / rule.divisor) : Math.floor(speed / rule.divisor),
    )
    const path = shortestPath(ctx, u.area!, rule.target)
    const taken: string[] = []
    for (const a of path.slice(1)) {
      if (taken.length >= steps || ctx.area(u.area!).pacific) break
      u.area = a
      taken.push(a)
    }
    if (!taken.length) continue
    u.moved = true
    res.say(
      PUBLIC,
      '11.22',
      `${u.id} marches toward ${rule.target} at half speed (${steps} areas): ${[u.phaseStart, ...taken].join(' -> ')}${ctx.area(u.area!).pacific ? '; it is in the Pacific and joins the Pacific Fleet' : ''}.`,
    )
  }
}

/** A shortest path through the map (breadth first, in the pack's adjacency order), both ends included. */
export function shortestPath(ctx: Ctx, from: string, to: string): string[] {
  const prev = new Map<string, string | null>([[from, null]])
  const queue = [from]
  while (queue.length) {
    const at = queue.shift()!
    if (at === to) break
    for (const n of neighbours(ctx, at)) if (!prev.has(n)) prev.set(n, at), queue.push(n)
  }
  if (!prev.has(to)) return [from]
  const path = [to]
  while (prev.get(path[0]!)) path.unshift(prev.get(path[0]!)!)
  return path
}

/** The South American coal ports a Federal ship can shut by staying the whole phase (9.38). */
const SOUTH_AMERICAN_DENIAL = ['Chile', 'Peru', 'COL']
