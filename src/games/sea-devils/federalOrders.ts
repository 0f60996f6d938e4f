// The Federal orders (10.4, 4.1, 11.1, 4.52, 7.2x, 6.3): deployment from the tracks, movement of
// the units, blockades and hunts, read into commands.
import type { ScriptLine } from '../../orders/script.ts'
import { isFree, isMarching, neighbours, type Ctx, type SdState } from './state.ts'
import { DEPLOY_TYPES } from './pack.ts'
import { europeBlockadeTargets, joinBlockadeBar } from './legality.ts'
import { idleFederals } from './warnings.ts'
import {
  type Collector,
  type SdCommand,
  areaSuggestion,
  policyLine,
  resolveShip,
  shipSuggestion,
  takeShip,
} from './orderWords.ts'

export function parseFederal(state: SdState, ctx: Ctx, lines: ScriptLine[], out: Collector, commands: SdCommand[]) {
  const placementFixed = state.stage === 'both-orders'
  if (state.stage === 'opening') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: the scenario's opening placement has not been resolved yet; orders open after it`,
    })
    return
  }
  if (state.stage === 'confederate-orders') {
    out.errors.push({
      line: 0,
      text: '',
      message: `GT${state.turn}: your deployment and movement are on file; the Confederate is now recording his activity`,
    })
    return
  }
  // In a turn whose placement the scenario fixed, every ship on the map is already deployed.
  const willDeploy = new Set<string>(
    placementFixed
      ? Object.values(state.usa)
          .filter((u) => u.loc === 'map')
          .map((u) => u.id)
      : [],
  )
  const byType: Record<string, number> = {}
  const seenMove = new Set<string>()
  let cseCount = 0
  const year = String(ctx.year(state.turn))
  // 10.11: draws from the Unavailable Pool in this message, for the rotation and availability tests.
  const drawnUP = new Map<string, number>()
  const upDraws: { id: string; line: ScriptLine }[] = []
  // 7.24: where each ship ends Phase 3, for the blockades it would join.
  const endArea = new Map<string, string | null>()
  const joins: { id: string; target: string; line: ScriptLine }[] = []
  const upCount = (id: string) => state.usa[id]!.upUses + (drawnUP.get(id) ?? 0)
  const upShips = (type: string) =>
    Object.values(state.usa)
      .filter((o) => o.loc === 'UP' && ctx.ship(o.id).type === type)
      .map((o) => o.id)
  const pickFromUP = (type: string) =>
    upShips(type)
      .filter((id) => !willDeploy.has(id))
      .sort((a, b) => upCount(a) - upCount(b) || a.localeCompare(b))[0] ?? null
  const isFreePacificShip = (u: SdState['usa'][string]) =>
    ctx.ship(u.id).fleet === 'P' && u.area !== null && ctx.area(u.area).pacific
  const usa = (l: ScriptLine, written: string | undefined): string | null => {
    if (!written) {
      out.error(l, 'a ship name is missing')
      return null
    }
    const id = resolveShip(ctx, written, 'USA')
    if (!id)
      out.error(
        l,
        resolveShip(ctx, written, 'CSA') ? `${written} is a Confederate ship` : `unknown Federal ship "${written}"`,
        shipSuggestion(ctx, written, 'USA'),
      )
    return id
  }
  for (const l of lines) {
    const verb = l.words[0]
    // A ship may be written as several words ("K. Stat"): take the longest run that names one.
    const named = takeShip(ctx, l.text.split(/\s+/).slice(1), 'USA')
    const raw = [named.written, ...named.rest]
    const args = raw.map((w) => w.toUpperCase())
    switch (verb) {
      case 'POLICY':
        policyLine(l, out, commands)
        break
      case 'DEPLOY':
      case 'DEPLOY-UP': {
        if (placementFixed) {
          out.error(l, `GT${state.turn}: the scenario fixes this turn's placement (13.14); send movement only`)
          break
        }
        const fromUP = verb === 'DEPLOY-UP'
        const byTypeName = fromUP && (DEPLOY_TYPES as readonly string[]).includes(args[0] ?? '') ? args[0]! : null
        const id = byTypeName ? pickFromUP(byTypeName) : usa(l, raw[0])
        if (!id) {
          if (byTypeName) out.error(l, `no ${byTypeName} ship in the Unavailable Pool may be taken now (10.11)`)
          break
        }
        const u = state.usa[id]!
        const def = ctx.ship(id)
        if (fromUP && u.loc !== 'UP') {
          out.error(l, `${id} is not in the Unavailable Pool`)
          break
        }
        if (fromUP) {
          // 10.11: no ship goes out of the UP a second time before every other of its type has gone as often.
          const uses = upCount(id)
          const behind = upShips(def.type).filter((o) => o !== id && upCount(o) < uses)
          if (behind.length) {
            out.error(
              l,
              `${id} has been taken from the Unavailable Pool ${uses} time(s); ${behind.join(', ')} must be taken first (10.11 rotation)`,
            )
            break
          }
        }
        if (isFree(ctx, u) && !isFreePacificShip(u)) {
          out.error(
            l,
            `${id} ${isMarching(ctx, u) ? 'marches to the Pacific at no cost (11.22)' : 'belongs to the Stonewall Pursuit Fleet and needs no deployment (11.62)'}`,
          )
          break
        }
        if (!fromUP && u.loc !== 'map' && u.loc !== 'AP') {
          out.error(
            l,
            `${id} is ${u.loc === 'UP' ? 'in the Unavailable Pool: use DEPLOY-UP (10.11)' : u.loc === 'pending' ? 'not yet arrived' : u.loc}`,
          )
          break
        }
        if (
          def.fleet === 'P' &&
          u.area !== null &&
          ctx.area(u.area).pacific &&
          !(def.leavesPacificAfterRaid && state.pacificRaid)
        ) {
          out.error(l, `${id} is a Pacific Fleet ship and needs no deployment while in the Pacific (11.2)`)
          break
        }
        if (!fromUP && (def.availability ?? 0) - u.spent <= 0) {
          out.error(l, `${id} has no availability points left (10.1)`)
          break
        }
        byType[def.type] = (byType[def.type] ?? 0) + 1
        const points = state.deployTrack[def.type as keyof SdState['deployTrack']] ?? 0
        if (byType[def.type]! > points) {
          out.error(l, `no ${def.type} deployment points left (track shows ${points}) (10.42)`)
          break
        }
        if (willDeploy.has(id)) {
          out.error(l, `${id} is already deployed`)
          break
        }
        willDeploy.add(id)
        if (fromUP) {
          drawnUP.set(id, (drawnUP.get(id) ?? 0) + 1)
          upDraws.push({ id, line: l })
        }
        commands.push({ kind: 'deploy', ship: id, fromUP, line: l.line })
        out.normalised.push(`${verb} ${id} (${def.type}; ${u.loc === 'map' ? `stays in ${u.area}` : 'appears in C9'})`)
        break
      }
      case 'EUROPE-BLOCKADE': {
        if (placementFixed) {
          out.error(l, `GT${state.turn}: no Confederate ship began this turn in Europe`)
          break
        }
        const id = usa(l, raw[0])
        const area = args[2]
        if (!id) break
        if (args[1] !== 'IN' || !area || !ctx.hasArea(area) || !ctx.area(area).european) {
          out.error(l, 'write EUROPE-BLOCKADE <ship> IN <C2|C5|C7|C8> (6.3)')
          break
        }
        if (!europeBlockadeTargets(state, ctx, area).length) {
          const arrivals = Object.values(state.csa).filter(
            (s) => s.status === 'map' && s.area === area && s.arrivedTurn === state.turn,
          )
          out.error(
            l,
            `no Confederate ship began GT${state.turn} in ${area}${arrivals.length ? ` (${arrivals.map((s) => s.id).join(', ')} arrived this turn and may not be blockaded by this rule)` : ''}: the declared blockade would find nothing (3.0 step 1C, 6.3)`,
          )
          break
        }
        commands.push({ kind: 'europe', ship: id, area, line: l.line })
        out.normalised.push(`EUROPE-BLOCKADE ${id} IN ${area} (declared to the Confederate before he records)`)
        break
      }
      case 'MOVE': {
        const id = usa(l, raw[0])
        if (!id) break
        const u = state.usa[id]!
        const def = ctx.ship(id)
        if (isMarching(ctx, u)) {
          out.error(l, `${id} marches to the Pacific on its own at half speed (11.22); it takes no MOVE`)
          break
        }
        const free = isFree(ctx, u)
        if (!willDeploy.has(id) && !free) {
          out.error(
            l,
            `${id} is not deployed this turn; only deployed ships move (10.4)`,
            placementFixed ? undefined : `add DEPLOY ${id} above`,
          )
          break
        }
        if (seenMove.has(id)) {
          out.error(l, `${id} already has a MOVE line; give its whole path on one line`)
          break
        }
        const path = args.slice(1)
        let at = u.loc === 'map' ? u.area! : ctx.pack.mapRoles.eastCoast
        let ok = path.length > 0
        if (!path.length) out.error(l, 'MOVE needs a path of areas', `e.g. MOVE ${id} C10 C11`)
        for (const a of path) {
          if (!ctx.hasArea(a)) {
            out.error(l, `unknown area ${a}`, areaSuggestion(ctx, a))
            ok = false
            break
          }
          if (!neighbours(ctx, at).includes(a)) {
            out.error(l, `${a} is not next to ${at}`, areaSuggestion(ctx, a, at))
            ok = false
            break
          }
          if (def.fleet === 'P' && ctx.area(at).pacific && !ctx.area(a).pacific) {
            const may = def.leavesPacificAfterRaid && state.pacificRaid
            // 11.21: leaving costs deployment and availability, so the ship must be deployed.
            if (!may || !willDeploy.has(id) || placementFixed) {
              out.error(
                l,
                `${id} may not leave the Pacific (11.21${def.leavesPacificAfterRaid ? (may ? ': deploy it first, since any part of a turn outside the Pacific costs deployment and availability' : ': only after a Confederate raid there') : ''})`,
              )
              ok = false
              break
            }
          }
          at = a
        }
        const allowance = def.ma - u.damage
        if (ok && path.length > allowance) {
          out.error(l, `${id} moves ${path.length} areas but has ${allowance} MP (4.13)`)
          ok = false
        }
        if (!ok) break
        seenMove.add(id)
        endArea.set(id, path.at(-1)!)
        commands.push({ kind: 'move', ship: id, path, line: l.line })
        out.normalised.push(`MOVE ${id} ${path.join(' ')} (${path.length}/${allowance} MP)`)
        break
      }
      case 'CSE': {
        const id = usa(l, raw[0])
        if (!id) break
        if (!willDeploy.has(id) && ctx.ship(id).fleet !== 'S') {
          out.error(l, `${id} must be deployed to join the CSE box (11.1)`)
          break
        }
        const left = (ctx.pack.cse.perYear[year] ?? 0) - (state.cseUsed[year] ?? 0) - cseCount
        if (left <= 0) {
          out.error(l, `no CSE points left for ${year} (11.12)`)
          break
        }
        cseCount += 1
        endArea.set(id, null)
        commands.push({ kind: 'cse', ship: id, line: l.line })
        out.normalised.push(`CSE ${id} (1 of ${left} CSE points left in ${year})`)
        break
      }
      case 'STACK': {
        const names = l.text
          .replace(/^stack\s+/i, '')
          .split(/[,\s]+/)
          .filter(Boolean)
        const ids = names.map((n) => usa(l, n))
        if (ids.some((i) => !i)) break
        if (ids.length < 2) {
          out.error(l, 'a squadron needs at least two ships (4.52)')
          break
        }
        commands.push({ kind: 'stack', ships: ids as string[], line: l.line })
        out.normalised.push(`STACK ${ids.join(',')} (a squadron if they end Phase 3 in one area)`)
        break
      }
      case 'BLOCKADE': {
        const id = usa(l, raw[0])
        const target = raw.length > 1 ? resolveShip(ctx, raw.slice(1).join(' '), 'CSA') : null
        if (!id) break
        if (!target) {
          out.error(l, 'write BLOCKADE <Federal ship> <Confederate ship> (7.24)')
          break
        }
        joins.push({ id, target, line: l })
        commands.push({ kind: 'blockade', ship: id, target, line: l.line })
        out.normalised.push(
          `BLOCKADE ${id} ${target} (joins the blockade if ${target} lies blockaded in port where ${id} ends Phase 3)`,
        )
        break
      }
      default:
        out.error(
          l,
          `unknown Federal order ${verb}`,
          `orders: DEPLOY, DEPLOY-UP, EUROPE-BLOCKADE, MOVE, CSE, STACK, BLOCKADE, POLICY`,
        )
    }
  }
  // 7.24: a ship joins only a blockade that exists, where it ends its movement.
  for (const j of joins) {
    const u = state.usa[j.id]!
    const end = endArea.has(j.id)
      ? endArea.get(j.id)!
      : u.loc === 'map'
        ? u.area
        : willDeploy.has(j.id)
          ? ctx.pack.mapRoles.eastCoast
          : null
    const bar = joinBlockadeBar(state, j.target, end)
    if (!bar) continue
    out.error(j.line, `${j.id} cannot join a blockade of ${j.target}: ${bar.why} (${bar.rule})`)
    const i = commands.findIndex((c) => c.kind === 'blockade' && c.line === j.line.line)
    if (i >= 0) commands.splice(i, 1)
  }
  // 10.44: say what the orders (or their absence) do to the ships on the map left undeployed.
  const idle = idleFederals(state, ctx, willDeploy)
  if (idle.length)
    out.warn(
      { line: 0, text: '' },
      `WARNING: not deployed this turn, so they leave the map for the Available Pool (10.44): ${idle.join(', ')}`,
    )
  // 10.11: a ship comes out of the UP only when no other ship of its type is available to deploy.
  for (const d of upDraws) {
    const type = ctx.ship(d.id).type
    const idle = Object.values(state.usa).filter(
      (o) =>
        (o.loc === 'map' || o.loc === 'AP') &&
        ctx.ship(o.id).type === type &&
        (ctx.ship(o.id).availability ?? 0) > o.spent &&
        !isFree(ctx, o) &&
        !willDeploy.has(o.id),
    )
    if (idle.length)
      out.error(
        d.line,
        `${d.id} may come from the Unavailable Pool only when no other ${type} ship is available; deploy ${idle.map((o) => o.id).join(', ')} first (10.11)`,
      )
  }
}
