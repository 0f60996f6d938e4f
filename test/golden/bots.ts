// Two deterministic order-writing bots for Sea Devils, used by the whole-game golden and the fog
// tests. Each reads only what its side may see (the ruleset's view for its role) plus the static
// data pack (map, ship cards), writes order MAIL TEXT (GAME/KEY envelope and orders), and drops
// every line the judge's own parser would reject, so a bot never gets stuck on a rejected message.
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { adjudicateDueYielding, readInbox, sendOutbox, type App } from '../../src/cli/app.ts'
import { readAsync } from '../helpers/asyncJudge.ts'
import type { Ruleset } from '../../src/games/contract.ts'
import type { SdCommand } from '../../src/games/sea-devils/orderWords.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'
import type { SdState } from '../../src/games/sea-devils/state.ts'

export interface BotInput {
  game: string
  key: string
  /** The full state is only handed to ruleset.view (for this role) and ruleset.parseOrders (the judge's check). */
  state: SdState
  ruleset: Ruleset<SdState, SdCommand>
  pack: SeaDevilsPack
}

interface FedShipView {
  id: string
  type: string
  loc: string
  area: string | null
  damage: number
  spent: number
  availability: number | null
  fleet: string | null
}
interface CsaKnown {
  id: string
  status: string
  lastSeen: { turn: number; area: string; port: string | null } | null
}
interface CsaOwn {
  id: string
  status: string
  area: string | null
  port: string | null
  damage: number
  commissioned: boolean
  turnsAtSea: number
  turnsInPort: number
  arrivedTurn: number
  ma: number
  refitPeriod: number
  type: string
}

const PATROL = ['C9', 'C14', 'C13', 'C10', 'C11', 'C15', 'C22', 'C21']
/** Areas the raiders keep away from (the US coasts: East Coast Emergency Search, the Pacific squadron). */
const AVOID = new Set(['C9', 'C54'])

function neighboursOf(pack: SeaDevilsPack, id: string): string[] {
  const a = pack.areas.find((x) => x.id === id)
  return a ? [...a.adj, ...a.wraps] : []
}

/** Shortest path (excluding `from`) to the nearest of `goals`, neighbours in sorted order (deterministic). */
function pathTo(
  pack: SeaDevilsPack,
  from: string,
  goals: Set<string>,
  avoid: Set<string> = new Set(),
): string[] | null {
  if (goals.has(from)) return []
  const prev = new Map<string, string>([[from, '']])
  let frontier = [from]
  while (frontier.length) {
    const next: string[] = []
    for (const a of frontier) {
      for (const n of [...neighboursOf(pack, a)].sort()) {
        if (prev.has(n) || (avoid.has(n) && !goals.has(n))) continue
        prev.set(n, a)
        if (goals.has(n)) {
          const path = [n]
          let p = a
          while (p !== from) {
            path.unshift(p)
            p = prev.get(p)!
          }
          return path
        }
        next.push(n)
      }
    }
    frontier = next
  }
  return null
}

/** Lines the parser accepts, added one block at a time: a block with any error is dropped whole. */
class Builder {
  lines: string[] = []
  constructor(
    private readonly input: BotInput,
    private readonly role: 'federal' | 'confederate',
  ) {}
  ok(extra: string[]): boolean {
    return (
      this.input.ruleset.parseOrders(this.input.state, this.role, [...this.lines, ...extra].join('\n')).errors
        .length === 0
    )
  }
  /** Tries each candidate block in turn and keeps the first that parses. */
  first(candidates: string[][]): string[] | null {
    for (const c of candidates) {
      if (!c.length) continue
      if (this.ok(c)) {
        this.lines.push(...c)
        return c
      }
    }
    return null
  }
  mail(comment: string): string {
    const role = this.role.toUpperCase()
    return [`GAME ${this.input.game} ${role}`, `KEY ${this.input.key}`, `# ${comment}`, ...this.lines, ''].join('\n')
  }
}

/** The Federal deployment and movement (10.4), or null when no Federal orders are awaited. */
export function federalBot(input: BotInput): string | null {
  const { state, ruleset, pack } = input
  const view = ruleset.view(state, { kind: 'role', role: 'federal' }) as Record<string, unknown>
  const stage = view.stage as SdState['stage']
  if (stage !== 'federal-orders' && stage !== 'both-orders') return null
  const turn = view.turn as number
  const fed = view.federal as FedShipView[]
  const known = (view.confederate as CsaKnown[]).filter(
    (c) => c.status === 'map' && c.lastSeen && c.lastSeen.turn >= turn - 2,
  )
  const targets = [...new Set(known.map((c) => c.lastSeen!.area))].sort()
  const def = (id: string) => pack.ships.find((s) => s.id === id)!
  const b = new Builder(input, 'federal')
  const deployed: string[] = []
  if (stage === 'federal-orders') {
    // 10.4: deploy by type up to the track's points; ships on the map first, then the Available Pool.
    const candidates = fed
      .filter((u) => (u.loc === 'map' || u.loc === 'AP') && u.fleet === null && (u.availability ?? 0) > u.spent)
      .sort((a, c) => (a.loc === c.loc ? a.id.localeCompare(c.id) : a.loc === 'map' ? -1 : 1))
    const track = view.deployTrack as Record<string, number>
    const used: Record<string, number> = {}
    for (const u of candidates) {
      if ((used[u.type] ?? 0) >= (track[u.type] ?? 0)) continue
      if (b.first([[`DEPLOY ${u.id}`]])) {
        used[u.type] = (used[u.type] ?? 0) + 1
        deployed.push(u.id)
      }
    }
  } else {
    deployed.push(
      ...fed
        .filter((u) => u.loc === 'map')
        .map((u) => u.id)
        .sort(),
    )
  }
  // 11.1: one deployed ship into the CSE box while the year's points last.
  const cse = view.cse as { used: number; allowed: number }
  let inCse: string | null = null
  if (stage === 'federal-orders' && cse.used < cse.allowed) {
    for (const id of [...deployed].reverse()) {
      if (fed.find((u) => u.id === id)?.loc !== 'AP') continue
      if (b.first([[`CSE ${id}`]])) {
        inCse = id
        break
      }
    }
  }
  // Movement: towards the last reported Confederate positions, else a patrol of the East Coast.
  const movers = [
    ...deployed,
    ...fed
      .filter((u) => u.loc === 'map' && !deployed.includes(u.id))
      .map((u) => u.id)
      .sort(),
  ].filter((id) => id !== inCse)
  movers.forEach((id, i) => {
    const u = fed.find((x) => x.id === id)!
    const from = u.loc === 'map' && u.area ? u.area : pack.mapRoles.eastCoast
    const pacificFleet = u.fleet === 'P' || def(id).fleet === 'P'
    const pool = pacificFleet ? targets.filter((t) => pack.areas.find((a) => a.id === t)?.pacific) : targets
    if (pacificFleet && !pool.length) return
    const goal = pool.length ? pool[i % pool.length]! : PATROL[i % PATROL.length]!
    const path = pathTo(pack, from, new Set([goal]))
    if (!path || !path.length) return
    const ma = Math.min(4, def(id).ma - u.damage)
    const steps = path.slice(0, Math.max(0, ma))
    if (steps.length) b.first([[`MOVE ${id} ${steps.join(' ')}`], [`MOVE ${id} ${steps.slice(0, 1).join(' ')}`]])
  })
  return b.mail(`GT${turn} ${stage === 'federal-orders' ? 'deployment and movement' : 'movement'} (bot)`)
}

/** The Confederate activity record (4.3), or null when none is awaited. */
export function confederateBot(input: BotInput): string | null {
  const { state, ruleset, pack } = input
  const view = ruleset.view(state, { kind: 'role', role: 'confederate' }) as Record<string, unknown>
  const stage = view.stage as SdState['stage']
  if (stage !== 'confederate-orders' && stage !== 'both-orders') return null
  const turn = view.turn as number
  const cpl = view.cpl as { world: number; england: number; france: number }
  const own = (view.confederate as CsaOwn[])
    .filter((s) => s.status === 'map' && s.area)
    .sort((a, c) => a.id.localeCompare(c.id))
  const area = (id: string) => pack.areas.find((a) => a.id === id)!
  const foreignCoal = (id: string) => area(id).ports.filter((p) => p.coal && p.nat !== 'USA' && p.nat !== 'CSA').length
  const commissionAreas = new Set(
    pack.areas.filter((a) => a.ports.some((p) => p.commission && p.nat !== 'USA')).map((a) => a.id),
  )
  const b = new Builder(input, 'confederate')

  /** Refit ports this ship may use: CSA ports, England (C2) and France (C5) within their prestige and 9.36. */
  const refitPorts = (shipId: string): Map<string, string> => {
    const received = pack.ships.find((s) => s.id === shipId)!.receivedIn
    const m = new Map<string, string>()
    for (const a of pack.areas) {
      for (const p of a.ports) {
        if (!p.repairRefit) continue
        if (p.nat === 'CSA') m.set(a.id, 'RUN-IN')
        else if (p.nat === 'England' && received !== 'England' && cpl.england >= (p.cplThreshold ?? -99))
          m.set(a.id, 'ENTER-PORT England')
        else if (p.nat === 'France' && received !== 'France' && cpl.france >= (p.cplThreshold ?? -99))
          m.set(a.id, 'ENTER-PORT France')
      }
    }
    return m
  }

  /** A greedy raid along adjacent areas: coastal coal areas first, then density; MOVE x +RAID costs 2 MP. */
  const raidPath = (start: string, mp: number, raid: boolean | number): string[] => {
    const lines: string[] = []
    let raidsLeft = raid === true ? 99 : raid === false ? 0 : raid
    const seen = new Set([start])
    let at = start
    while (mp >= 1) {
      const options = neighboursOf(pack, at).filter((n) => !seen.has(n) && !AVOID.has(n) && !area(n).pacific)
      if (!options.length) break
      options.sort((x, y) => score(y) - score(x) || x.localeCompare(y))
      const n = options[0]!
      const canRaid = raidsLeft > 0 && mp >= 2
      if (canRaid) raidsLeft--
      lines.push(`MOVE ${n}${canRaid ? ' +RAID' : ''}`)
      mp -= canRaid ? 2 : 1
      seen.add(n)
      at = n
    }
    return lines
  }
  const score = (id: string) => (area(id).kind === 'C' ? 10 : 0) + (foreignCoal(id) ? 20 : 0) + area(id).density

  for (const s of own) {
    const shipDef = pack.ships.find((x) => x.id === s.id)!
    if (shipDef.arrivalRepairIn && s.arrivedTurn === turn) continue // 10.52: the forced repair takes no orders
    const tag = (lines: string[]) => lines.map((l) => `${s.id}: ${l}`)
    const mp = s.ma - s.damage
    const candidates: string[][] = []
    const refit = refitPorts(s.id)
    const dueHome = s.turnsAtSea >= Math.max(1, s.refitPeriod - 2)
    const commission = s.commissioned ? [] : ['COMMISSION']
    if (s.port !== null) {
      // In port: refit when time at sea has run up, else commission and sail out to raid.
      // 11.41: refit only when the ship can still leave before internment; 11.3: when time has run up.
      const portArea = area(s.area!)
      const limit =
        (portArea.european || s.port === 'CSA' ? pack.internment.europeOrCsa : pack.internment.other) +
        (portArea.ports.some((p) => p.nat === s.port && p.repairRefit) ? pack.internment.refitBonus : 0)
      if (s.turnsAtSea >= Math.ceil(s.refitPeriod / 2) && s.turnsInPort + 2 <= limit) candidates.push(['REFIT'])
      const leave = s.port === 'CSA' ? 'RUN-OUT' : 'LEAVE-PORT'
      const spent = commission.length + (leave === 'RUN-OUT' ? 1 : 0)
      const sail = [...commission, leave]
      candidates.push(
        [...sail, ...raidPath(s.area!, mp - spent, true)],
        [...sail, ...raidPath(s.area!, mp - spent, 1)],
        [...sail, ...raidPath(s.area!, mp - spent, false)],
      )
      if (commission.length) candidates.push(commission)
    } else {
      if (dueHome) {
        const home = pathTo(pack, s.area!, new Set(refit.keys()), AVOID)
        if (home) {
          const enter = refit.get(home.at(-1) ?? s.area!)!
          const cost = home.length + (enter === 'RUN-IN' ? 1 : 0)
          if (cost <= mp) {
            // Arrive, and raid with what is left on the way in when possible.
            candidates.push([...home.map((a) => `MOVE ${a}`), enter])
          } else candidates.push(home.slice(0, mp).map((a) => `MOVE ${a}`))
        }
      }
      if (!s.commissioned) {
        const p = pathTo(pack, s.area!, commissionAreas) ?? []
        if (p.length < mp)
          candidates.push(
            [...p.map((a) => `MOVE ${a}`), 'COMMISSION', ...raidPath(p.at(-1) ?? s.area!, mp - p.length - 1, true)],
            [...p.map((a) => `MOVE ${a}`), 'COMMISSION'],
          )
        candidates.push(p.slice(0, mp).map((a) => `MOVE ${a}`))
      }
      candidates.push(raidPath(s.area!, mp, true), raidPath(s.area!, mp, 1), raidPath(s.area!, mp, false))
    }
    candidates.push(['STAY'])
    b.first(candidates.map(tag))
  }
  // Standing order: a spotted raider tries to escape rather than shelter under blockade.
  b.first([['POLICY ALL ON SPOTTED: ESCAPE IF diff >= 1; PORT IF coastal; ESCAPE']])
  return b.mail(`GT${turn} activity record (bot)`)
}

/** An order mail as a player's client would send it (RFC 5322, CRLF). */
export function orderEml(opts: {
  game: string
  role: string
  key: string
  from: string
  name: string
  body: string
  point: number
  date: Date
  domain: string
}): string {
  const headers = [
    `From: ${opts.name} <${opts.from}>`,
    `To: orders+${opts.game}.${opts.role}.${opts.key}@${opts.domain}`,
    `Subject: Orders ${opts.game} ${opts.role} resolution ${opts.point}`,
    `Date: ${opts.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <bot-${opts.game}-p${opts.point}-${opts.role}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ]
  return `${headers.join('\r\n')}\r\n\r\n${opts.body.replace(/\r?\n/g, '\r\n')}`
}

export interface Seat {
  role: 'federal' | 'confederate'
  address: string
  name: string
}

/**
 * One resolution point played through the real intake: each awaited side's bot writes its mail,
 * the mail is dropped into the inbox as an .eml and read by `readInbox`; an hour later the tick
 * (`adjudicateDueYielding`, as `pbem serve` runs it) resolves the point and the outbox is written.
 * The game and the seats' keys are read on the judge's async handle.
 */
export async function playPoint(
  app: App,
  game: string,
  seats: Seat[],
  advance: (ms: number) => void,
): Promise<{ outcomes: string[]; orders: Record<string, string>; committed: string[] }> {
  const { fold, keys, pack } = await readAsync(app, [game], (j) => {
    const fold = j.load(game)
    return {
      fold,
      keys: Object.fromEntries(seats.map((s) => [s.role, j.keyFor(game, s.role)])),
      // The game's data pack (map and ship cards: public, static information), stored once by its hash.
      pack: (fold.created.pack ?? j.secrets.pack?.(fold.created.packHash)) as SeaDevilsPack,
    }
  })
  const point = fold.point
  advance(3600_000)
  const orders: Record<string, string> = {}
  for (const seat of seats) {
    const input: BotInput = {
      game,
      key: keys[seat.role]!,
      state: fold.state as SdState,
      ruleset: fold.ruleset as Ruleset<SdState, SdCommand>,
      pack,
    }
    const body = seat.role === 'federal' ? federalBot(input) : confederateBot(input)
    if (body === null) continue
    orders[seat.role] = body
    const file = join(app.dirs.inbox, `p${String(point).padStart(2, '0')}-${seat.role}.eml`)
    writeFileSync(
      file,
      orderEml({
        game,
        role: seat.role,
        key: input.key,
        from: seat.address,
        name: seat.name,
        body,
        point,
        date: app.clock(),
        domain: app.judge.mailDomain,
      }),
    )
    // The drop folder skips files younger than its settle time: date the file back instead of waiting.
    const past = new Date(Date.now() - 60_000)
    utimesSync(file, past, past)
  }
  const outcomes = await readInbox(app)
  advance(3600_000)
  const committed = await adjudicateDueYielding(app)
  await sendOutbox(app)
  return { outcomes, orders, committed }
}
