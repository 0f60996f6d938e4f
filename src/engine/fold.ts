// Folding a game's stream into its state. State is never stored: it is setup() followed by each
// recorded adjudication re-run from its recorded orders, answers and revealed dice secret.
import type { Ruleset } from '../games/contract.ts'
import { canonicalJson, sha256Hex } from '../util/canonical.ts'
import type { StoredEvent } from '../log/store.ts'
import { combineSalts, RecordingDice } from './dice.ts'
import type { DeadlineSet, GameCreated, OrdersAccepted, OrdersRejected, PlayerJoined, TurnAdjudicated } from './events.ts'
import { rulesetFactory } from './registry.ts'

/** Where the engine keeps secrets not yet revealed in the log. */
export interface SecretSource {
  get(game: string, purpose: 'dice' | 'hidden', point: number): string | null
}

export interface Drift {
  point: number
  position: number
  reason: string
}

export interface GameFold<S = unknown> {
  created: GameCreated
  ruleset: Ruleset<S, unknown>
  players: Map<string, PlayerJoined>
  state: S
  /** The open adjudication point (1 = the first). */
  point: number
  version: number
  commitment: string | null
  deadline: DeadlineSet | null
  /** Latest accepted orders per role at the open point. */
  orders: Map<string, OrdersAccepted>
  receipts: Map<string, { event: StoredEvent; data: OrdersAccepted | OrdersRejected }>
  adjudications: { event: StoredEvent; data: TurnAdjudicated }[]
  finished: boolean
  events: StoredEvent[]
  drift: Drift[]
}

export const stateHash = (state: unknown) => sha256Hex(canonicalJson(state))

export function foldGame<S = unknown>(events: StoredEvent[], secrets: SecretSource, opts: { check?: boolean } = {}): GameFold<S> {
  const first = events[0]
  if (!first || first.type !== 'GameCreated') throw new Error('a game stream must begin with GameCreated')
  const created = first.data as GameCreated
  const factory = rulesetFactory(created.ruleset)
  const pack = created.pack !== undefined ? factory.loadPack(created.pack) : factory.defaultPack()
  const drift: Drift[] = []
  if (pack.hash !== created.packHash) {
    const reason = `the data pack now hashes to ${pack.hash.slice(0, 12)}, not the ${created.packHash.slice(0, 12)} the game was created with`
    if (!opts.check) throw new Error(reason)
    drift.push({ point: 0, position: first.position, reason })
  }
  const ruleset = factory.create(pack) as Ruleset<S, unknown>
  const game = created.game
  const revealedHidden = events.find((e) => e.type === 'HiddenDrawRevealed')?.data as { secret: string } | undefined
  const hiddenSecret = revealedHidden?.secret ?? secrets.get(game, 'hidden', 0)
  if (!hiddenSecret) throw new Error(`game ${game}: the hidden-draw secret is missing`)
  let state = ruleset.setup(created.scenario, created.options, pack, new RecordingDice(hiddenSecret, game, 0, ''))
  const fold: GameFold<S> = {
    created,
    ruleset,
    players: new Map(),
    state,
    point: 1,
    version: events.at(-1)!.version,
    commitment: null,
    deadline: null,
    orders: new Map(),
    receipts: new Map(),
    adjudications: [],
    finished: false,
    events,
    drift,
  }
  for (const e of events) {
    switch (e.type) {
      case 'PlayerJoined': {
        const p = e.data as PlayerJoined
        fold.players.set(p.role, p)
        break
      }
      case 'PlayerRekeyed': {
        const p = fold.players.get(e.data.role)
        if (p) fold.players.set(e.data.role, { ...p, keyHash: e.data.keyHash, keyGeneration: e.data.keyGeneration })
        break
      }
      case 'DiceCommitted':
        if (e.data.point === fold.point) fold.commitment = e.data.commitment
        break
      case 'DeadlineSet':
        if (e.data.point === fold.point) fold.deadline = e.data as DeadlineSet
        break
      case 'OrdersAccepted': {
        const o = e.data as OrdersAccepted
        fold.receipts.set(o.receipt, { event: e, data: o })
        if (o.point === fold.point) fold.orders.set(o.role, o)
        break
      }
      case 'OrdersRejected': {
        const o = e.data as OrdersRejected
        fold.receipts.set(o.receipt, { event: e, data: o })
        break
      }
      case 'TurnAdjudicated': {
        const t = e.data as TurnAdjudicated
        const orders: Record<string, unknown[]> = {}
        const salts: string[] = []
        for (const [role, receipt] of Object.entries(t.inputs)) {
          const r = fold.receipts.get(receipt)?.data as OrdersAccepted | undefined
          if (!r || !('commands' in r)) throw new Error(`TurnAdjudicated at ${e.position} uses unknown receipt ${receipt}`)
          orders[role] = r.commands
          if (r.salt) salts.push(r.salt)
        }
        const dice = new RecordingDice(t.secret, game, t.point, combineSalts(salts))
        const step = ruleset.resolve(state, { orders, decisions: t.decisionAnswers }, dice)
        if (opts.check) {
          const problems = [
            combineSalts(salts) !== t.salt ? 'the salts of the orders used do not give the recorded salt' : null,
            stateHash(step.state) !== t.stateHash ? 'the re-folded state does not match the recorded state hash' : null,
            canonicalJson(step.narrative) !== canonicalJson(t.narrative) ? 'the re-folded narrative differs from the recorded one' : null,
            canonicalJson(dice.rolls.map((r) => [r.index, r.label, r.sides, r.value])) !== canonicalJson(t.rolls.map((r) => [r.index, r.label, r.sides, r.value])) ? 'the re-folded dice differ from the recorded rolls' : null,
          ].filter((p): p is string => p !== null)
          for (const reason of problems) drift.push({ point: t.point, position: e.position, reason })
        }
        state = step.state
        fold.adjudications.push({ event: e, data: t })
        fold.point = t.point + 1
        fold.orders = new Map()
        fold.commitment = null
        fold.deadline = null
        fold.finished = t.finished
        break
      }
    }
  }
  fold.state = state
  return fold
}
