// Creating a game: the scenario set up once to prove it works, the players' keys, the first dice
// commitment and deadline, the opening letters and questions, in one transaction (on the async
// store, in one batch: creationBatch.ts).
import type { RulesetFactory } from '../games/contract.ts'
import type { NewEvent } from '../log/store.ts'
import { recordSecret } from '../log/repos/secrets.ts'
import { isValidZone } from './clock/calendar.ts'
import { commitmentOf, DICE_ALGORITHM, RecordingDice } from './dice.ts'
import { type GameCreated, gameOptionsOf, gameStream } from './events.ts'
import { keyHash, playerKey, serverSecret } from './keys.ts'
import { storePack } from './packStore.ts'
import { phaseOf } from './clock/lifecycle.ts'
import { checkDeadlineHours, checkPlayers } from './validate.ts'
import { checkHouseSeat, isHouseSeat } from './houseSeat.ts'
import { deadlineFor, defaultSchedule, mergeSchedule } from './clock/schedule.ts'
import type { JudgeContext as Judge } from './judgeContext.ts'
import type { CreateGameRequest } from './calls.ts'
import { firstViewTokens, MODERATOR } from './viewTokens.ts'

const GAME_ID = /^[a-z0-9][a-z0-9-]{1,31}$/

/** Each game's embedded pack, loaded (validated and hashed) once per process, not once per game. */
const defaultPacks = new Map<string, ReturnType<RulesetFactory['defaultPack']>>()

function defaultPackOf(factory: RulesetFactory) {
  let pack = defaultPacks.get(factory.id)
  if (!pack) {
    pack = factory.defaultPack()
    defaultPacks.set(factory.id, pack)
  }
  return pack
}

/** What creating a game writes: its secrets and pack, its opening events; and the players' keys. */
export interface CreationPlan {
  game: string
  keys: Record<string, string>
  events: NewEvent[]
  hidden: string
  dice: string
  pack: { ruleset: string; id: string; hash: string; content: unknown }
}

export function createGame(j: Judge, req: CreateGameRequest): { game: string; keys: Record<string, string> } {
  const plan = planCreation(j, req, (game) => j.o.store.version(gameStream(game)) > 0)
  j.o.store.transaction(() => {
    recordSecret(j.o.db, req.game, 'hidden', 0, plan.hidden)
    recordSecret(j.o.db, req.game, 'dice', 1, plan.dice)
    storePack(j.o.db, plan.pack)
    openGame(j, plan)
  })
  return { game: req.game, keys: plan.keys }
}

/**
 * The game decided, nothing written: the request checked (`exists` asked once the id is well
 * formed), the scenario set up once, the secrets drawn, the opening events and the keys.
 */
export function planCreation(j: Judge, req: CreateGameRequest, exists: (game: string) => boolean): CreationPlan {
  const { factory, pack, ruleset } = checkedRequest(j, req, exists)
  const server = serverSecret(j.o.db)
  const hidden = j.freshSecret(req.game, 'hidden', 0)
  const dice = j.freshSecret(req.game, 'dice', 1)
  const now = j.o.clock()
  const zone = req.zone ?? 'UTC'
  if (!isValidZone(zone))
    throw new Error(`unknown time zone "${zone}" (use an IANA name such as America/New_York, Europe/Paris or UTC)`)
  const deadlineHours = checkDeadlineHours(req.deadlineHours ?? 72)
  // Setting the game up once now proves the scenario works before anything is written.
  const initial = ruleset.setup(
    req.scenario,
    gameOptionsOf(req.options ?? {}),
    pack,
    new RecordingDice(hidden, req.game, 0, ''),
  )
  const created: GameCreated = {
    game: req.game,
    ruleset: factory.id,
    rulesetVersion: ruleset.version,
    scenario: req.scenario,
    options: req.options ?? {},
    packId: pack.id,
    // The game names its data by hash; the content is stored once (packs table, packStore.ts), so a
    // later release of the embedded pack cannot change it, and many games share one copy.
    packHash: pack.hash,
    createdBy: req.createdBy ?? 'operator',
    zone,
    deadlineHours,
  }
  const schedule = req.schedule ? mergeSchedule(defaultSchedule(created), req.schedule) : defaultSchedule(created)
  const first = deadlineFor(schedule, phaseOf(ruleset.awaiting(initial)), now)
  const { events, keys } = openingEvents(req, created, schedule, first, { server, hidden, dice })
  // With the pages on, each person seated and the moderator get a page token with the game, so the opening report links it.
  if (j.o.webBase) {
    const people = req.players.filter((p) => !isHouseSeat(p.address)).map((p) => p.role)
    events.push(...firstViewTokens(server, req.game, [...people, MODERATOR], req.createdBy ?? 'operator'))
  }
  const stored = { ruleset: factory.id, id: pack.id, hash: pack.hash, content: pack.content }
  return { game: req.game, keys, events, hidden, dice, pack: stored }
}

/** The opening events appended, the opening reports and questions queued (in the caller's transaction). */
export function openGame(j: Judge, plan: CreationPlan): void {
  j.o.store.append(gameStream(plan.game), 0, plan.events)
  // The opening is one mail per player: the questions asked before the first resolution go in his report.
  const opening = j.reportLetters(j.load(plan.game), null)
  j.askOpeningQuestions(plan.game, opening)
  for (const letter of opening) j.o.outbox.enqueue(letter, { game: plan.game, kind: 'report' })
}

/** The request checked against its game: a well-formed new id, a known scenario, a player for each role. */
function checkedRequest(j: Judge, req: CreateGameRequest, exists: (game: string) => boolean) {
  if (!GAME_ID.test(req.game))
    throw new Error(`game ids are 2-32 lower-case letters, digits and dashes ("${req.game}" is not)`)
  if (exists(req.game)) throw new Error(`game ${req.game} already exists`)
  const factory = j.registry(req.ruleset)
  const pack = req.pack !== undefined ? factory.loadPack(req.pack) : defaultPackOf(factory)
  const ruleset = factory.create(pack)
  if (!ruleset.scenarios.some((s) => s.id === req.scenario))
    throw new Error(
      `unknown scenario "${req.scenario}"; ${ruleset.title} has ${ruleset.scenarios.map((s) => s.id).join(', ')}`,
    )
  // A game's roles may depend on its scenario and options (a side with several captains).
  const roles = ruleset.rolesFor?.(req.scenario, gameOptionsOf(req.options ?? {})) ?? ruleset.roles
  checkPlayers(ruleset.title, roles, req.players)
  if (req.standby !== undefined) checkHouseSeat(req.standby)
  if (!ruleset.house && (req.standby !== undefined || req.players.some((p) => isHouseSeat(p.address))))
    throw new Error(`${ruleset.title} has no house player yet: seat a person at every role, with no standby`)
  return { factory, pack, ruleset }
}

/** The new game's opening events (players, schedule, commitments, first deadline) and the players' keys. */
function openingEvents(
  req: CreateGameRequest,
  created: GameCreated,
  schedule: ReturnType<typeof defaultSchedule>,
  first: ReturnType<typeof deadlineFor>,
  secrets: { server: string; hidden: string; dice: string },
): { events: NewEvent[]; keys: Record<string, string> } {
  const { server, hidden, dice } = secrets
  const keys: Record<string, string> = {}
  const events: NewEvent[] = [{ type: 'GameCreated', schemaVersion: 2, data: created, audience: { kind: 'public' } }]
  for (const p of req.players) {
    const key = playerKey(server, req.game, p.role, 1)
    keys[p.role] = key
    events.push({
      type: 'PlayerJoined',
      data: { role: p.role, address: p.address, name: p.name, keyHash: keyHash(key), keyGeneration: 1 },
      audience: { kind: 'moderator' },
    })
  }
  if (req.standby !== undefined)
    events.push({
      type: 'StandbySet',
      data: { level: checkHouseSeat(req.standby), by: req.createdBy ?? 'operator' },
      audience: { kind: 'public' },
    })
  if (req.schedule)
    events.push({
      type: 'ScheduleSet',
      data: { schedule, by: req.createdBy ?? 'operator', reason: 'game created' },
      audience: { kind: 'public' },
    })
  events.push({
    type: 'HiddenDrawCommitted',
    data: { purpose: 'setup', commitment: commitmentOf(hidden) },
    audience: { kind: 'public' },
  })
  events.push({
    type: 'DiceCommitted',
    data: { point: 1, commitment: commitmentOf(dice), algorithm: DICE_ALGORITHM },
    audience: { kind: 'public' },
  })
  events.push({
    type: 'DeadlineSet',
    data: {
      point: 1,
      deadline: first.deadline.toISOString(),
      zone: schedule.zone,
      reason: first.note ? `game created; ${first.note}` : 'game created',
    },
    audience: { kind: 'public' },
  })
  return { events, keys }
}
