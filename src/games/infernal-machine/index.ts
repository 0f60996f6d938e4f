// Infernal Machine for the judge: the RulesetFactory. One role, the captain. Each
// resolution runs the nested sequence (season, mission turn, attack run) from where it stopped:
// a whole season at PACE MISSION, one mission turn at PACE STEP; choices the doctrine leaves open
// are asked at the configured halt points (DECIDE <id> <answer>), elsewhere answered automatically.
import { projectPath } from '../../util/resources.ts'
import type {
  Awaited,
  DataPack,
  Dice,
  GameOutcome,
  Input,
  NarrativeEntry,
  Options,
  Parsed,
  Ruleset,
  RulesetFactory,
  Step,
  Viewer,
  GameOptionInfo,
} from '../contract.ts'
import { PUBLIC } from '../contract.ts'
import { changeSides } from './almanac.ts'
import { playScenario, scenarioOf, scenarioOutcome, scenarioSortie } from './scenario.ts'
import { actionsFor, type Campaign, fortunes, income, SEASONS, seasonKey, setupCampaign } from './campaign.ts'
import { settleContracts } from './contracts.ts'
import { type Asked, Decider } from './decider.ts'
import { askRecruitKeep, keptBy, readRecruitKeep } from './recruitKeep.ts'
import { applyDoctrine, DEFAULT_DOCTRINE, type Doctrine, missionChoices, setupChoices } from './doctrine.ts'
import { askSentiment, setupAsks } from './haltChoices.ts'
import type { Mission } from './mission.ts'
import { finishMission, startMission } from './missionAction.ts'
import { missionTurn } from './missionTurn.ts'
import { ACTION_KINDS, type HaltKind, type ImCommand, parseImOrders } from './orders.ts'
import { IM_DEMO } from './demo.ts'
import { bindImPack, defaultImPack, type ImPack, loadImPack, rawImPack } from './pack.ts'
import { boatLines, ledgerLines, tacticalFigure } from './report.ts'
import { requisition } from './purchaseOrder.ts'
import { receiptError } from './receipt.ts'
import { imOrderHelp } from './orderHelp.ts'
import { type MissionView, missionFigure, missionView, shopFigure } from './missionFigure.ts'
import { drawNotes, imReportModel, trackLine } from './reportModel.ts'
import { timePhase } from './seasonEnd.ts'
import {
  build,
  changeLocation,
  commission,
  contract,
  invest,
  letter,
  militaryRecruit,
  recruit,
  salvage,
} from './shopActions.ts'
import type { Ctx, TacticalState } from './sortie.ts'
import type { Side } from './terms.ts'

export const CAPTAIN = 'captain'

export interface ImState {
  side: Side
  phase: 'setup' | 'income' | 'actions' | 'mission' | 'time' | 'scenario' | 'over'
  /** A tactical scenario instead of the campaign (`scenario-1`), and its outcome once played. */
  scenario?: string
  scenarioOutcome?: string
  campaign?: Campaign
  mission?: Mission
  doctrine: Doctrine
  pace: 'mission' | 'step'
  halts: HaltKind[]
  investorPick?: string
  /** Campaign actions ordered and not yet taken. */
  queued: ImCommand[]
  point: number
  lastTactical?: TacticalState
  /** The boat as the last mission ended, kept for the report of the point it ended in. */
  lastBoat?: string[]
  report: string[]
  /** The boat on the Mission Board as the latest resolution left it (the report's picture). */
  missionView?: MissionView
  /** The latest resolution's mission turns, one line each (position, alert, leaks after each step). */
  track?: string[]
  /** The latest resolution's cards and cubes drawn, as told. */
  draws?: string[]
  /** The latest resolution's choices and how each was answered. */
  asked?: Asked[]
  /** The optional Fog of War rule (p.6), chosen when the game is created (`--option fog=on`). */
  fog?: boolean
}

/** The game's options: only `fog=on|off`; anything else stops the creation with the reason. */
export function readImOptions(options: Options): { fog: boolean } {
  const unknown = Object.keys(options).find((k) => k !== 'fog')
  if (unknown) throw new Error(`Infernal Machine has no option ${unknown}; its option is fog=on|off (Fog of War, p.6)`)
  const fog = String(options.fog ?? 'off').toLowerCase()
  if (!['on', 'off', 'true', 'false'].includes(fog)) throw new Error(`fog=${options.fog}: write fog=on or fog=off`)
  return { fog: fog === 'on' || fog === 'true' }
}

const firstYear = 1861
export const turnNumber = (year: number, season: string) => (year - firstYear) * 4 + SEASONS.indexOf(season as never)
export const seasonOfTurn = (n: number) => `${SEASONS[n % 4]} ${firstYear + Math.floor(n / 4)}`

function takeAction(ctx: Ctx, s: ImState, cmd: ImCommand, decider: Decider): string | null {
  const c = s.campaign!
  switch (cmd.kind) {
    case 'build':
      return build(ctx, c, cmd)
    case 'relocate':
      return changeLocation(ctx, c, cmd.to)
    case 'commission':
      return commission(ctx, c, cmd.budget, cmd.persist)
    case 'contract':
      return contract(ctx, c, cmd.id, cmd.personae)
    case 'invest':
      return invest(ctx, c, cmd.stake, cmd.solicitor)
    case 'letter':
      return letter(ctx, c, cmd.letter, cmd.paid, cmd.persona, cmd.grease, cmd.persist)
    case 'recruit':
      return recruit(
        ctx,
        c,
        cmd.deck,
        (id) => cmd.keep === 'all' || cmd.keep.includes(id),
        (drawn) =>
          keptBy(askRecruitKeep(decider, `${seasonKey(c.year, c.season)} recruit ${cmd.deck}`, cmd.keep, drawn)),
      )
    case 'military':
      return militaryRecruit(ctx, c, cmd.personae)
    case 'requisition':
      return requisition(ctx, c, cmd.parts, cmd.grease, cmd.persist)
    case 'salvage':
      return salvage(ctx, c, cmd.keep, cmd.roll)
    case 'pass':
      c.actionsLeft = 1
      return null
    case 'changesides':
      return changeSides(ctx, c)
    case 'mission': {
      // An Action paid for a condition shift must be one left over after this Mission action (p.16).
      const payAction = () => c.actionsLeft >= 2 && c.actionsLeft-- > 0
      const setupKey = `${seasonKey(c.year, c.season)} setup`
      const m = startMission(ctx, c, cmd, setupAsks(ctx.pack, setupChoices(s.doctrine, payAction), decider, setupKey))
      if (typeof m === 'string') return m
      s.mission = m
      s.phase = 'mission'
      return null
    }
  }
  return `${cmd.kind} is not an action`
}

/** Set-up (p.39): a scenario's attack run waits for its orders; the campaign keeps an investor and starts. */
function setupStep(ctx: Ctx, s: ImState, decider: Decider): boolean {
  if (s.scenario) {
    const sc = scenarioOf(ctx.pack, s.scenario)!
    ctx.notes.push({ rule: 'p.3', text: `${sc.title}: set-up read; the attack run follows the next orders` })
    s.phase = 'scenario'
    return false
  }
  const camp = setupCampaign(ctx, s.side, {
    investor: (ids) => {
      const best = [...ids].sort(
        (a, b) => (ctx.pack.personae.get(b)!.funds ?? 0) - (ctx.pack.personae.get(a)!.funds ?? 0),
      )[0]!
      return decider.ask({
        kind: 'investor',
        key: 'setup investor',
        question: 'Which investor do you keep?',
        options: ids.map((id) => ({
          id,
          label: `${ctx.pack.personae.get(id)!.name}, $${ctx.pack.personae.get(id)!.funds ?? 0}`,
        })),
        standing: s.investorPick && ids.includes(s.investorPick) ? s.investorPick : undefined,
        auto: best,
      })
    },
  })
  if (s.fog) {
    camp.fog = true
    ctx.notes.push({
      rule: 'p.6',
      text: 'Fog of War (optional rule): Detonation dice wait for the end of the season',
    })
  }
  s.campaign = camp
  s.phase = 'income'
  return true
}

/** One mission turn; at the mission's end its aftermath (Recovery or the Wreck) and back to the actions. */
function missionStep(ctx: Ctx, s: ImState, decider: Decider, key: () => string): boolean {
  const c = s.campaign
  const m = s.mission!
  if (s.doctrine.markers) m.boat.priority = s.doctrine.markers
  missionTurn(ctx, m, missionChoices(ctx, s.doctrine, decider, key))
  s.track = [...(s.track ?? []), trackLine(ctx.pack, m)]
  s.missionView = missionView(m)
  if (m.lastTactical) s.lastTactical = m.lastTactical
  if (m.ended || m.turn >= 60) {
    s.lastBoat = [`Mission ${m.ended ?? 'abandoned after 60 turns'}:`, ...boatLines(ctx.pack, m)]
    finishMission(
      ctx,
      c!,
      m,
      () => askSentiment(decider, seasonKey(c!.year, c!.season), s.doctrine.sentiment),
      s.doctrine.leaks,
    )
    s.mission = undefined
    s.phase = 'actions'
  }
  // PACE STEP stops after each turn of a mission still out; the aftermath runs on at once.
  return s.pace === 'mission' || !s.mission
}

/**
 * Runs the sequence from where the state stopped; false when the resolution should stop here. A
 * Contract that lost a persona in the step is settled at once (p.53, p.62), as the player's REFILL says.
 */
function advance(ctx: Ctx, s: ImState, decider: Decider): boolean {
  const go = advanceStep(ctx, s, decider)
  if (s.campaign) settleContracts(ctx, s.campaign, s.doctrine.refill)
  return go
}

function advanceStep(ctx: Ctx, s: ImState, decider: Decider): boolean {
  const c = s.campaign
  const key = () => (s.mission && c ? `${seasonKey(c.year, c.season)} mission turn ${s.mission.turn}` : 'campaign')
  switch (s.phase) {
    case 'setup':
      return setupStep(ctx, s, decider)
    case 'income':
      income(ctx, c!)
      fortunes(ctx, c!)
      c!.actionsLeft = actionsFor(ctx, c!)
      s.phase = 'actions'
      return true
    case 'actions': {
      const next = s.queued.shift()
      if (!next || c!.actionsLeft <= 0) {
        // Actions ordered past the season's allowance are told, never dropped unseen.
        if (next)
          ctx.notes.push({
            rule: 'p.47',
            text: `Not taken, no action left this season: ${[next, ...s.queued].map((a) => a.kind).join(', ')}`,
          })
        s.queued = []
        s.phase = 'time'
        return true
      }
      const why = takeAction(ctx, s, next, decider)
      if (why) ctx.notes.push({ rule: 'p.47', text: `${next.kind} refused: ${why} (no action spent)` })
      else c!.actionsLeft--
      return true
    }
    case 'mission':
      return missionStep(ctx, s, decider, key)
    case 'time': {
      const over = timePhase(ctx, c!, {
        doctor: () => s.doctrine.doctor && c!.funds >= 1,
        acceptAssignment: () => false,
      })
      s.phase = over ? 'over' : 'income'
      return false
    }
    case 'scenario': {
      const sc = scenarioOf(ctx.pack, s.scenario!)!
      const sortie = scenarioSortie(ctx.pack, sc)
      playScenario(
        ctx,
        sortie,
        sc,
        missionChoices(ctx, s.doctrine, decider, () => `scenario ${sc.id}`),
      )
      if (sortie.tactical) s.lastTactical = structuredClone(sortie.tactical)
      s.scenarioOutcome = scenarioOutcome(ctx, sortie, sc)
      ctx.notes.push({ rule: 'p.6', text: s.scenarioOutcome })
      s.phase = 'over'
      return false
    }
    case 'over':
      return false
  }
}

/** One resolution: the orders and answers read, then the sequence run on from where it stopped. */
function resolveIm(pack: ImPack, prev: ImState, input: Input<ImCommand>, dice: Dice): Step<ImState> {
  const s = structuredClone(prev)
  s.point++
  const ctx: Ctx = { pack, dice, notes: [] }
  const commands = input.orders[CAPTAIN] ?? []
  for (const cmd of commands) {
    if (cmd.kind === 'pace') s.pace = cmd.pace
    else if (cmd.kind === 'halt') s.halts = cmd.points
    else if (cmd.kind === 'investor') s.investorPick = cmd.id
  }
  s.doctrine = applyDoctrine(s.doctrine, commands)
  const actions = commands.filter((c) => ACTION_KINDS.includes(c.kind))
  if (actions.length) s.queued = actions
  const situation = () =>
    s.mission ? boatLines(pack, s.mission) : s.campaign ? ledgerLines(s.campaign).slice(0, 3) : []
  const decider = new Decider(input.decisions, new Set(s.halts), ctx.notes, CAPTAIN, situation)
  s.lastBoat = undefined
  s.missionView = undefined
  s.track = []
  const start = label(s)
  for (let guard = 0; guard < 2000 && advance(ctx, s, decider); guard++);
  const boat = s.mission ? boatLines(pack, s.mission) : (s.lastBoat ?? [])
  s.report = [...boat, ...(s.campaign ? ledgerLines(s.campaign) : [])]
  s.draws = drawNotes(ctx.notes)
  s.asked = decider.asked
  const narrative: NarrativeEntry[] = ctx.notes.map((n) => ({ audience: PUBLIC, rule: n.rule, text: n.text }))
  return { state: s, narrative, decisions: decider.requests, label: start, finished: s.phase === 'over' }
}

/** The outcome once the game is over: the scenario's, or the campaign's score and standing. */
function imOutcome(s: ImState): GameOutcome | null {
  return s.phase === 'over' && s.scenarioOutcome
    ? { summary: s.scenarioOutcome, winner: null, details: { scenario: s.scenario ?? '' } }
    : s.phase === 'over' && s.campaign
      ? {
          summary: `${s.campaign.ended}${s.campaign.outcome ? ` (${s.campaign.outcome})` : ''}: funds $${s.campaign.funds}, Training ${s.campaign.training}, ${s.campaign.lost} boat(s) lost`,
          winner: null,
          details: {
            funds: s.campaign.funds,
            training: s.campaign.training,
            lost: s.campaign.lost,
            objectives: s.campaign.objectives ?? 0,
            advancement: s.campaign.advancement ?? 0,
            outcome: s.campaign.outcome ?? '',
          },
        }
      : null
}

/** The options `pbem game create --option` takes for this game (its set-up checks the values). */
const IM_OPTIONS: readonly GameOptionInfo[] = [
  {
    name: 'fog',
    values: 'on or off (default off)',
    choices: ['on', 'off'],
    summary: 'the fog of war: the report shows only what the crew has seen',
  },
]

export function createInfernalMachine(pack: ImPack): Ruleset<ImState, ImCommand> {
  return {
    id: 'infernal-machine',
    title: 'Infernal Machine',
    version: '0.1',
    roles: [CAPTAIN],
    gameOptions: IM_OPTIONS,
    questionsPerResolution: 'unlimited',
    scenarios: [
      {
        id: 'campaign-csa',
        title: 'Campaign, CSA',
        turns: 'Spring 1861 to Spring 1865',
        summary: 'a Confederate fishboat against the blockade',
      },
      { id: 'campaign-usa', title: 'Campaign, USA', turns: 'Spring 1861 to Spring 1865', summary: 'a Union submarine' },
      ...pack.tactical.scenarios.map((sc) => ({
        id: `scenario-${sc.id}`,
        title: sc.title,
        turns: 'one attack run',
        summary: 'tactical only, a crewless counters boat (Scenario Book lost: set-up completed from the examples)',
      })),
    ],
    setup: (scenario, options) => ({
      ...(readImOptions(options).fog ? { fog: true } : {}),
      ...(scenarioOf(pack, scenario) ? { scenario } : {}),
      side: scenarioOf(pack, scenario)?.side ?? (scenario === 'campaign-usa' ? 'USA' : 'CSA'),
      phase: 'setup',
      doctrine: structuredClone(DEFAULT_DOCTRINE),
      pace: 'mission',
      halts: [],
      queued: [],
      point: 0,
      report: [],
    }),
    awaiting: (s): Awaited[] => (s.phase === 'over' ? [] : [{ kind: 'orders', role: CAPTAIN, label: label(s) }]),
    parseOrders: (s, _role, text): Parsed<ImCommand> =>
      parseImOrders(pack, text, (cmd, earlier) =>
        receiptError(
          pack,
          { campaign: s.campaign, incomeFirst: s.phase === 'income', scenario: !!s.scenario, missionOut: !!s.mission },
          cmd,
          earlier,
        ),
      ),
    orderHelp: (s) => imOrderHelp(pack, s.campaign),
    parseAnswer(_s, q, text) {
      if (q.answer === 'text') return readRecruitKeep(text, (q.context?.drawn as string[]) ?? [])
      const pick = q.options.find((o) => o.id.toUpperCase() === text.trim().toUpperCase())
      return pick ? { answer: pick.id } : { error: `answer one of ${q.options.map((o) => o.id).join(', ')}` }
    },
    resolve: (prev, input, dice) => resolveIm(pack, prev, input, dice),
    view: (s, viewer: Viewer) =>
      viewer.kind === 'moderator'
        ? { ...s }
        : {
            phase: s.phase,
            report: s.report,
            pace: s.pace,
            halts: s.halts,
            doctrine: s.doctrine,
            queued: s.queued.length,
          },
    turnOf: (s) => (s.campaign ? turnNumber(s.campaign.year, s.campaign.season) : 1),
    turnLabel: (n) => seasonOfTurn(n),
    outcome: imOutcome,
    reportModel: (s, viewer) => imReportModel(pack, s, label(s), viewer),
    figures: (s) => {
      // The board with the boat in every report: where the mission left it, else in the shop.
      const view = s.missionView ?? (s.mission ? missionView(s.mission) : undefined)
      const board = view ? missionFigure(pack, view) : s.campaign ? shopFigure(pack, s.campaign) : null
      return [...(board ? [board] : []), ...(s.lastTactical ? [tacticalFigure(s.lastTactical)] : [])]
    },
  }
}

function label(s: ImState): string {
  const c = s.campaign
  if (s.scenario) return `${s.scenario}, ${s.phase === 'setup' ? 'set-up' : 'attack run'}`
  if (!c) return 'campaign set-up'
  const season = seasonKey(c.year, c.season)
  return s.mission ? `${season}, mission turn ${s.mission.turn + 1}` : `${season}, ${s.phase}`
}

/** This game's own folder: its templates and demo mails live beside its rules. */
const HOME = projectPath('src', 'games', 'infernal-machine')

export const infernalMachineFactory: RulesetFactory = {
  id: 'infernal-machine',
  title: 'Infernal Machine',
  defaultPack: () => loadImPack(rawImPack()),
  loadPack: (raw) => loadImPack(raw),
  create: (p: DataPack) => createInfernalMachine(p.content ? bindImPack(p.content) : defaultImPack()),
  templates: `${HOME}/templates`,
  demo: IM_DEMO(HOME),
}
