// A random legal player for each two-player game, the yardstick the house player's strength is
// measured against (bench/strength.ts). Like the house player it reads only its side's view and the
// map and tables every player has, and writes the order mail a person would; every choice is drawn
// uniformly from a seeded source: first the kind of order (stay, raid, move...), then its target among
// those the view allows. A line the game refuses is dropped by the caller after reading the receipt
// (strengthMatch.ts), as a careful player would, so what is filed is legal.
import type { Choice, Question, View } from '../../src/games/contract.ts'
import { rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { type Board, boardOf, buildContextOf, moveContextOf } from '../../src/games/rebel-raiders/houseBoard.ts'
import { shipPaths } from '../../src/games/rebel-raiders/houseMoves.ts'
import { assaultProblem } from '../../src/games/rebel-raiders/assault.ts'
import { planBuilds } from '../../src/games/rebel-raiders/builds.ts'
import type { BuildOrder, Buildable } from '../../src/games/rebel-raiders/buildTypes.ts'
import { HAND_LIMIT } from '../../src/games/rebel-raiders/cards.ts'
import { checkMove, type MoveContext, type MoveStep } from '../../src/games/rebel-raiders/movement.ts'
import { stepText } from '../../src/games/rebel-raiders/orderPath.ts'
import { bindRebelPack, type RebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { overStacked } from '../../src/games/rebel-raiders/stacking.ts'
import type { RrPiece } from '../../src/games/rebel-raiders/state.ts'
import { seaDevilsFactory } from '../../src/games/sea-devils/index.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'
import { contextFor, type Ctx, neighbours } from '../../src/games/sea-devils/state.ts'
import type { FederalInView } from '../../src/games/sea-devils/view.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverPack } from '../../src/games/river-coastal/pack.ts'
import { seededRandom } from './random.ts'

/** A player who writes a side's orders and answers from its view alone. */
export interface RandomPlayer {
  orders(view: View, role: string, choice: Choice): string
  answer(view: View, question: Question, choice: Choice): string
}

/** A seeded choice source with the house's interface: `below(n)` is uniform over 0..n-1. */
export function seededChoice(seed: number): Choice {
  const r = seededRandom(seed)
  return { below: (n: number) => Math.floor(r() * n) }
}

const pick = <T>(xs: readonly T[], choice: Choice, label: string): T => xs[choice.below(xs.length, label)]!

/** Any option the question offers, uniformly; a free-text question takes its default. */
function anyAnswer(question: Question, choice: Choice): string {
  if (!question.options.length) return question.defaultOption
  return pick(question.options, choice, question.decisionId).id
}

// ---- Sea Devils ------------------------------------------------------------------------------

interface SdOwn {
  id: string
  status: string
  area: string | null
  port: string | null
  commissioned: boolean
  ma: number
  damage: number
  arrivedTurn?: number
}

type SdFederal = FederalInView

function sdCtx(pack: SeaDevilsPack, view: View): Ctx {
  const sc = pack.scenarios.find((s) => s.title === view.scenario) ?? pack.scenarios[0]!
  return contextFor(pack, sc.id)
}

/** A raider's steps once at sea: stay, raid here, move to a neighbour, or move and raid there. */
function seaSteps(ctx: Ctx, area: string, choice: Choice, id: string): string[] {
  const kind = pick(['STAY', 'RAID', 'MOVE', 'MOVE+RAID'] as const, choice, `kind ${id}`)
  if (kind === 'STAY' || kind === 'RAID') return [kind]
  const to = pick(neighbours(ctx, area), choice, `area ${id}`)
  return [kind === 'MOVE' ? `MOVE ${to}` : `MOVE ${to} +RAID`]
}

function sdConfederate(ctx: Ctx, view: View, choice: Choice): string {
  const own = ((view.confederate as SdOwn[] | undefined) ?? []).filter(
    (s) => s.status === 'map' && s.area && !(ctx.ship(s.id).arrivalRepairIn && s.arrivedTurn === view.turn),
  )
  const blockaded = new Set(((view.federal as SdFederal[]) ?? []).map((u) => u.blockading).filter(Boolean))
  const lines = own.map((s) => {
    if (s.port === null) return `${s.id}: ${seaSteps(ctx, s.area!, choice, s.id).join(', ')}`
    if (!s.commissioned) return `${s.id}: ${pick(['STAY', 'COMMISSION'], choice, `commission ${s.id}`)}`
    const port = pick(['STAY', 'REPAIR', 'REFIT', 'SAIL'] as const, choice, `port ${s.id}`)
    if (port !== 'SAIL') return `${s.id}: ${port}`
    const leave = s.port === 'CSA' ? 'RUN-OUT' : blockaded.has(s.id) ? 'RUN' : 'LEAVE-PORT'
    const then = seaSteps(ctx, s.area!, choice, s.id).filter((x) => x !== 'STAY')
    return `${s.id}: ${[leave, ...then].join(', ')}`
  })
  return lines.join('\n')
}

/** The Federal: each ship the track allows deployed or not, then each free ship a random walk. */
function sdFederal(ctx: Ctx, view: View, choice: Choice): string {
  const federal = view.federal as SdFederal[]
  const deploying = view.stage === 'federal-orders'
  const lines: string[] = []
  const movable = new Set<string>()
  if (deploying) {
    const points = { ...(view.deployTrack as Record<string, number>) }
    for (const u of federal) {
      if (u.loc === 'UP' || u.fleet || !(points[u.type]! > 0) || (u.availability ?? 0) - u.spent <= 0) continue
      if (choice.below(2, `deploy ${u.id}`) === 0) continue
      points[u.type]! -= 1
      lines.push(`DEPLOY ${u.id}`)
      movable.add(u.id)
    }
  }
  for (const u of federal) {
    if (u.loc !== 'map' || !u.area || u.fleet || u.blockading || (deploying && !movable.has(u.id))) continue
    const steps: string[] = []
    const length = choice.below(Math.max(0, ctx.ship(u.id).ma - u.damage) + 1, `steps ${u.id}`)
    for (let at = u.area, i = 0; i < length; i++) steps.push((at = pick(neighbours(ctx, at), choice, `walk ${u.id}`)))
    if (steps.length) lines.push(`MOVE ${u.id} ${steps.join(' ')}`)
  }
  return lines.join('\n')
}

function seaDevilsRandom(pack: SeaDevilsPack): RandomPlayer {
  return {
    orders: (view, role, choice) =>
      role === 'confederate'
        ? sdConfederate(sdCtx(pack, view), view, choice)
        : sdFederal(sdCtx(pack, view), view, choice),
    answer: (_view, question, choice) => anyAnswer(question, choice),
  }
}

// ---- Rebel Raiders ---------------------------------------------------------------------------

const SHIPS = new Set(['raider', 'runner', 'sloop', 'gunboat', 'ironclad'])

/** What a piece may do at the end of its move where it ends (a raid, a load, a search...), or nothing. */
function endActions(b: Board, ctx: MoveContext, p: RrPiece, at: string): MoveStep[] {
  const kind = ctx.map.space(at).kind
  if (p.type === 'raider' && ['coastal', 'highSeas', 'whaling'].includes(kind))
    return [1, 2, 3].map((times) => ({ action: 'RAID', boost: 0, times }) as MoveStep)
  if (p.type === 'runner' && kind === 'neutralPort') return [{ action: 'LOAD' }]
  if (p.type === 'runner' && kind === 'oceanPort') return [{ action: 'UNLOAD' }]
  if (p.type === 'sloop')
    return b.pieces
      .filter((x) => x.side === 'CSA' && x.at === at && (x.type === 'raider' || x.type === 'runner'))
      .map((x) => ({ action: 'SEARCH', boost: 0, target: x.id }) as MoveStep)
  return []
}

/** One ship's move: a destination among those in reach (or none), then an action there, uniformly; a few tries for a legal one. */
function rrMove(b: Board, ctx: MoveContext, pack: RebelPack, ends: Map<string, string>, p: RrPiece, choice: Choice) {
  const reach = [...shipPaths(ctx, p.at, 6)]
  for (let attempt = 0; attempt < 4; attempt++) {
    const [to, path] = pick(reach, choice, `to ${p.id}`)
    const acts = endActions(b, ctx, p, to)
    const act = choice.below(acts.length + 1, `act ${p.id}`)
    const steps: MoveStep[] = [...path.map((enter) => ({ enter })), ...(act < acts.length ? [acts[act]!] : [])]
    if (!steps.length) return null
    const check = checkMove(ctx, p, steps)
    if (!check.ok) continue
    const after = ctx.position.pieces.map((x) => ({ ...x, at: x.id === p.id ? check.end : (ends.get(x.id) ?? x.at) }))
    if (overStacked(after as RrPiece[], pack, new Set([...ends.keys(), p.id])).some((o) => o.piece.id === p.id))
      continue
    ends.set(p.id, check.end)
    return `MOVE ${p.id} ${steps.map(stepText).join(' > ')}`
  }
  return null
}

const RR_BUILDS = {
  CSA: [
    'RAIDER AT SPAI',
    'RAIDER AT FREN',
    ...['WILM', 'CHAS', 'SAVA', 'MOBL', 'GALV', 'NORL'].map((p) => `RUNNER AT ${p}`),
    ...['VICK', 'MEMP', 'NORL'].flatMap((p) => [`GUNBOAT AT ${p}`, `BATTERY AT ${p}`]),
  ],
  USA: ['IRONCLAD AT CAIR', 'SLOOP', 'GUNBOAT AT NAVY', 'GUNBOAT AT CAIR', 'GUNBOAT AT STLO'],
} as const

/** Builds: up to twelve tries of a build drawn uniformly, each kept when the build check still passes. */
function rrBuilds(pack: RebelPack, b: Board, choice: Choice): string[] {
  const kept: string[] = []
  const order = (t: string, line: number): BuildOrder => {
    const [what, , at] = t.split(' ')
    return { line, what: what!.toLowerCase() as Buildable, ...(at ? { at } : {}) }
  }
  for (let i = 0; i < 12; i++) {
    const t = pick(RR_BUILDS[b.side], choice, 'build')
    const texts = [...kept, t]
    const plan = planBuilds(b.side, texts.map(order), buildContextOf(pack, b))
    if (plan.errors.length) continue
    const built = plan.now.map((n, j) => ({ id: `new-${j}`, side: b.side, type: n.type, at: n.at }))
    if (
      overStacked([...b.pieces, ...built], pack, new Set(built.map((x) => x.id))).some((o) =>
        o.piece.id.startsWith('new-'),
      )
    )
      continue
    kept.push(t)
  }
  const over = b.hand.length - HAND_LIMIT
  const hand = [...b.hand]
  const shed: number[] = []
  for (let i = 0; i < over; i++) shed.push(hand.splice(choice.below(hand.length, 'discard'), 1)[0]!)
  return [...kept.map((t) => `BUILD ${t}`), ...(shed.length ? [`DISCARD ${shed.join(' ')}`] : [])]
}

/** Union assaults: each cannon pawn goes in, or not, at an assault the map allows, uniformly. */
function rrAssaults(pack: RebelPack, b: Board, view: View, choice: Choice): string[] {
  const options: string[] = []
  for (const target of pack.map.spaces.map((s) => s.id)) {
    if (pack.map.space(target).side !== 'CSA' || b.control[target] === 'USA') continue
    for (const from of pack.map.neighbours(target)) {
      const kind = pack.map.between(from, target).includes('land') ? 'land' : 'river'
      if (!assaultProblem(pack.map, b.control, target, kind, from)) options.push(`ASSAULT ${target} FROM ${from}`)
    }
  }
  const lines: string[] = []
  const used = new Set<string>()
  for (let i = 0; i < (view.unionAssaultsLeft as number); i++) {
    const choices = options.filter((o) => !used.has(o.split(' ')[1]!))
    const k = choice.below(choices.length + 1, 'assault')
    if (k === choices.length) continue
    lines.push(choices[k]!)
    used.add(choices[k]!.split(' ')[1]!)
  }
  return lines
}

function rebelRaidersRandom(pack: RebelPack): RandomPlayer {
  return {
    orders(view, role, choice) {
      const b = boardOf(pack, view, role)
      if ((b.phase.startsWith('csa') ? 'CSA' : 'USA') !== b.side) return ''
      if (b.phase.endsWith('build')) return rrBuilds(pack, b, choice).join('\n') || 'PASS'
      const ctx = moveContextOf(pack, b)
      const ends = new Map<string, string>()
      const moves = b.pieces
        .filter((p) => p.side === b.side && SHIPS.has(p.type))
        .map((p) => rrMove(b, ctx, pack, ends, p, choice))
        .filter((l): l is string => l !== null)
      const lines = [...moves, ...(b.side === 'USA' ? rrAssaults(pack, b, view, choice) : [])]
      return lines.join('\n') || 'PASS'
    },
    answer: (_view, question, choice) => anyAnswer(question, choice),
  }
}

// ---- River and Coastal -----------------------------------------------------------------------

interface RcShip {
  id: string
  side: string
  x: number
  y: number
  heading: number
  status: string
  exited?: unknown
  anchored?: boolean
  crew?: { spare: number }
  captain?: { quality: string; alive: boolean }
}

function rcMoves(pack: RiverPack, view: View, side: string, choice: Choice): string {
  const ships = (view.ships as RcShip[]).filter((s) => s.status === 'afloat' && !s.exited)
  const captain = view.captain as { ships: string[]; senior: boolean } | undefined
  const own = ships.filter((s) => s.side === side && (!captain || captain.ships.includes(s.id)))
  const enemies = ships.filter((s) => s.side !== side)
  const sc = Object.values(pack.scenarios).find((s) => s.title === view.scenario)
  const width = sc ? sc.width / 1000 : 36
  const length = sc ? sc.length / 1000 : 72
  const commanders = (view.commanders as { side: string; alive: boolean; aboard?: string | null }[] | undefined) ?? []
  const fc = commanders.find((c) => c.side === side)
  return own
    .flatMap((s) => {
      const kind = pick(['HOLD', 'ENGAGE', 'STEAM-TO'] as const, choice, `directive ${s.id}`)
      const target = enemies.length ? pick(enemies, choice, `target ${s.id}`) : null
      const directive =
        kind === 'ENGAGE' && target
          ? `ENGAGE ${target.id}`
          : kind === 'HOLD'
            ? 'HOLD'
            : `STEAM-TO ${1 + choice.below(Math.max(1, Math.floor(width) - 1), 'x')},${1 + choice.below(Math.max(1, Math.floor(length) - 1), 'y')}`
      const fire = pick(['NONE', 'NEAREST', 'TARGET'] as const, choice, `fire ${s.id}`)
      const clauses = [
        ...(s.anchored ? [(s.crew?.spare ?? 0) > 0 ? 'ANCHOR WEIGH' : 'SPEED 0'] : []),
        ...(fire === 'NEAREST' || (fire === 'TARGET' && !target) ? ['FIRE ALL AT NEAREST'] : []),
        ...(fire === 'TARGET' && target ? [`FIRE ALL AT ${target.id} ELSE NEAREST`] : []),
      ]
      const q = s.captain
      const free =
        (view.move as number) <= 1 || (fc?.alive && fc.aboard === s.id) || !q || !q.alive || q.quality === 'intelligent'
      return [
        ...(free ? [`DIRECTIVE ${s.id} ${directive}`] : []),
        ...(clauses.length ? [`${s.id}: ${clauses.join('; ')}`] : []),
      ]
    })
    .join('\n')
}

function rcDeployment(view: View, side: string): string {
  const captain = view.captain as { ships: string[] } | undefined
  return (view.ships as RcShip[])
    .filter((s) => s.side === side && s.status === 'afloat' && (!captain || captain.ships.includes(s.id)))
    .map((s) => `${s.id}: AT ${s.x},${s.y} HEADING ${s.heading}`)
    .join('\n')
}

function riverCoastalRandom(pack: RiverPack): RandomPlayer {
  return {
    orders(view, role, choice) {
      const side = role.slice(0, 3).toUpperCase()
      return view.phase === 'deployment' ? rcDeployment(view, side) : rcMoves(pack, view, side, choice)
    },
    answer: (_view, question, choice) => anyAnswer(question, choice),
  }
}

/** The random legal player of a two-player game, by the game's id. */
export function randomPlayer(game: string): RandomPlayer {
  if (game === 'sea-devils') return seaDevilsRandom(seaDevilsFactory.defaultPack().content as SeaDevilsPack)
  if (game === 'rebel-raiders')
    return rebelRaidersRandom(bindRebelPack(rebelRaidersFactory.defaultPack().content as never))
  if (game === 'river-coastal') return riverCoastalRandom(riverCoastalFactory.defaultPack().content as RiverPack)
  throw new Error(`no random player for ${game}`)
}
