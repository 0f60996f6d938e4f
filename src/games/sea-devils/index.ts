// Sea Devils (S&T 191) as a ruleset: setup from the scenario (13.x), the two-deadline email cadence
// of digest 1.3 (Federal deployment + movement, then the Confederate activity record), resolution
// of Phases 3 and 4, the end of the turn and the next turn's opening.
import { seaDevilsHouse } from './house.ts'
import type {
  Awaited,
  DataPack,
  Dice,
  GameOutcome,
  Input,
  Options,
  Ruleset,
  RulesetFactory,
  Step,
  Viewer,
} from '../contract.ts'
import { projectPath } from '../../util/resources.ts'
import { rawSeaDevilsPack } from './data/index.ts'
import { loadSeaDevilsPack, type SeaDevilsPack } from './pack.ts'
import { parseSeaDevilsOrders } from './orders.ts'
import { confederateOrdersFrom, federalOrdersFrom, type SdCommand } from './orderWords.ts'
import { Resolution, CSA, PUBLIC } from './resolution.ts'
import { contextFor, type CsaShip, type SdState, type UsaShip } from './state.ts'
import { endTurn, openTurn, placement } from './turn.ts'
import { applyDeployment, federalMovement } from './federalTurn.ts'
import { runActivityPhase, runRecordPhaseMoves, stonewallCombats, stonewallSpotted } from './activity.ts'
import { seaDevilsMapKey, seaDevilsReportModel, seaDevilsView } from './view.ts'
import { seaDevilsFigures } from './map.ts'
import type { Policy } from './policy.ts'
import { shuffled } from '../kit/deck.ts'
import { seaDevilsOrderHelp } from './orderHelp.ts'

export const SEA_DEVILS_VERSION = '1.0.0'

const packOf = (state: SdState, pack: SeaDevilsPack) => contextFor(pack, state.scenario)

/** This game's own folder: its templates and demo mails live beside its rules. */
const HOME = projectPath('src', 'games', 'sea-devils')

export const seaDevilsFactory: RulesetFactory = {
  id: 'sea-devils',
  title: 'Sea Devils',
  defaultPack: () => loadSeaDevilsPack(rawSeaDevilsPack()),
  loadPack: (raw) => loadSeaDevilsPack(raw),
  create: (pack) => createSeaDevils(pack as DataPack<SeaDevilsPack>),
  templates: `${HOME}/templates`,
  demo: {
    title: 'Sea Devils, Weak Beginning (GT1-GT4)',
    scenario: 'weak-beginning',
    players: [
      { role: 'federal', address: 'federal@example.test', name: 'Gideon Welles' },
      { role: 'confederate', address: 'confederate@example.test', name: 'Stephen Mallory' },
    ],
    gameId: 'wb-demo',
    serveGameId: 'sd-demo',
    example: { role: 'confederate', lines: ['SUM: RUN-OUT', 'SUM: MOVE C11 +RAID'] },
    mails: `${HOME}/demo/weak-beginning`,
    // A seed whose dice show a raid, a search, an escape and a combat.
    seed: 'wb-162',
    deadlineHours: 72,
  },
}

/** A Sea Devils ruleset bound to one data pack (each game fixes its pack in GameCreated). */
export function createSeaDevils(
  pack: DataPack<SeaDevilsPack> = seaDevilsFactory.defaultPack() as DataPack<SeaDevilsPack>,
): Ruleset<SdState, SdCommand> {
  const content = pack.content
  const ruleset: Ruleset<SdState, SdCommand> = {
    id: 'sea-devils',
    title: 'Sea Devils',
    version: SEA_DEVILS_VERSION,
    roles: ['federal', 'confederate'],
    gameOptions: [],
    // Digest 1.3: F1 (deployment and movement), then C1 (the activity record; on a scenario's first
    // turn both sides send theirs together). Schedules may give each its own deadline rule.
    phaseKinds: ['deployment', 'activity'],
    scenarios: content.scenarios.map((s) => ({
      id: s.id,
      title: s.title,
      turns: `GT${s.firstTurn}-GT${s.lastTurn}`,
      summary: `rule ${s.rule}; ${s.startsAt === 'record' ? 'starts at the activity record of its first turn' : 'starts at the placement of its first turn (an opening point that awaits no orders)'}`,
    })),
    setup(scenario: string, options: Options, _pack: DataPack, hidden: Dice): SdState {
      const unknown = Object.keys(options)
      if (unknown.length) throw new Error(`Sea Devils has no game options (${unknown.join(', ')} given)`)
      return setupScenario(content, scenario, hidden)
    },
    awaiting: awaitingIn,
    parseOrders: (state, role, text) => parseSeaDevilsOrders(state, packOf(state, content), role, text),
    orderHelp: (_state, role) => seaDevilsOrderHelp(role),
    resolve: (state, input, dice) => resolveSeaDevils(content, state, input, dice),
    view: (state, viewer: Viewer) => seaDevilsView(state, packOf(state, content), viewer),
    turnOf: (state) => state.turn,
    turnLabel: (turn) => `GT${turn}`,
    outcome: (state) => outcomeOf(state),
    reportModel: (state, viewer) => seaDevilsReportModel(state, packOf(state, content), viewer),
    mapKey: (state) => seaDevilsMapKey(packOf(state, content)),
    figures: (state, viewer, seen) => seaDevilsFigures(state, packOf(state, content), viewer, seen),
    house: seaDevilsHouse(content),
  }
  return ruleset
}

/** What the game waits for at each stage of a turn. */
function awaitingIn(state: SdState): Awaited[] {
  switch (state.stage) {
    // 13.3-13.5: nothing is awaited; the opening placement resolves at its deadline or on adjudicate.
    case 'opening':
      return []
    case 'both-orders':
      return [
        { kind: 'orders', role: 'federal', label: `GT${state.turn} Federal movement`, phase: 'activity' },
        {
          kind: 'orders',
          role: 'confederate',
          label: `GT${state.turn} Confederate activity record`,
          phase: 'activity',
        },
      ]
    case 'federal-orders':
      return [
        {
          kind: 'orders',
          role: 'federal',
          label: `GT${state.turn} Federal deployment and movement`,
          phase: 'deployment',
        },
      ]
    case 'confederate-orders':
      return [
        {
          kind: 'orders',
          role: 'confederate',
          label: `GT${state.turn} Confederate activity record`,
          phase: 'activity',
        },
      ]
    case 'finished':
      return []
  }
}

/** One resolution: the opening placement, the Federal placement, or the movement and activity of a turn (3.0). */
function resolveSeaDevils(content: SeaDevilsPack, state: SdState, input: Input<SdCommand>, dice: Dice): Step<SdState> {
  const next = structuredClone(state)
  const ctx = packOf(next, content)
  const fed = federalOrdersFrom(input.orders.federal ?? [])
  const csa = confederateOrdersFrom(input.orders.confederate ?? [])
  next.policies.federal = standing(next.policies.federal, fed.policies)
  next.policies.confederate = standing(next.policies.confederate, csa.policies)
  const res = new Resolution(next, ctx, dice, input.decisions, next.policies)
  const turn = next.turn
  if (next.stage === 'finished') throw new Error('the game is over')
  if (next.stage === 'opening') {
    // 1B/1C of the first turn; 1A's prestige change is already in the scenario's levels.
    res.say(
      PUBLIC,
      '13',
      `${ctx.scenario.title} (rule ${ctx.scenario.rule}) opens at the placement of GT${turn}: world ${next.cpl.world}, England ${next.cpl.england}, France ${next.cpl.france}, merchant marine ${next.mm}.`,
    )
    placement(res)
    return {
      state: next,
      narrative: res.narrative,
      decisions: res.decisions,
      label: `GT${turn} opening placement`,
      finished: false,
    }
  }
  if (next.stage === 'federal-orders') {
    if (!input.orders.federal)
      res.say(PUBLIC, '10.4', 'The Federal player sent no orders: no ship is deployed this turn.')
    applyDeployment(res, fed)
    return {
      state: next,
      narrative: res.narrative,
      decisions: res.decisions,
      label: `GT${turn} Federal placement`,
      finished: false,
    }
  }
  const federalOrders = next.stage === 'both-orders' ? fed : (next.pendingFederal ?? fed)
  next.pendingFederal = null
  applySemmesOrders(res, csa.semmes)
  // 11.61: the Stonewall moves in the record phase, before the Federal movement, in the open.
  const early = runRecordPhaseMoves(res, csa.scripts)
  federalMovement(res, federalOrders)
  const spotted = stonewallSpotted(res)
  stonewallCombats(res, spotted)
  const turns = runActivityPhase(res, csa.scripts, early)
  const finished = endTurn(res, turns)
  if (!finished) openTurn(res)
  return {
    state: next,
    narrative: res.narrative,
    decisions: res.decisions,
    label: `GT${turn} Federal movement and Confederate activity`,
    finished,
  }
}

/** New standing orders replace the ones for the same scope and event; the others stand. */
function standing(current: Policy[], incoming: Policy[]): Policy[] {
  const key = (p: Policy) => `${p.scope} ${p.event}`
  const replaced = new Set(incoming.map(key))
  return [...current.filter((p) => !replaced.has(key(p))), ...incoming]
}

/** 11.72: Semmes leaves a ship in port for the track; PLACE names where he comes back. */
function applySemmesOrders(res: Resolution, semmes: { transfer: boolean; place: string | null }): void {
  const s = res.state.semmes
  if (semmes.place) s.placeNext = semmes.place
  if (!semmes.transfer || !s.ship || s.removed) return
  if (res.state.csa[s.ship]?.port === null) {
    res.say(CSA, '11.72', `Semmes cannot leave ${s.ship} at sea; the transfer is void.`)
    return
  }
  res.say(CSA, '11.72', `Semmes leaves ${s.ship} and goes onto the turn track for next turn.`)
  s.ship = null
  s.onTrack = true
}

/** Scenario set-up (13.x). The whaling counters are mixed face down with the hidden dice (5.3). */
export function setupScenario(pack: SeaDevilsPack, scenarioId: string, hidden: Dice): SdState {
  const ctx = contextFor(pack, scenarioId)
  const sc = ctx.scenario
  const csa: Record<string, CsaShip> = {}
  const usa: Record<string, UsaShip> = {}
  for (const def of pack.ships) {
    if (def.side === 'CSA') csa[def.id] = confederateAtStart(pack, ctx, def)
    else usa[def.id] = federalAtStart(pack, sc, def)
  }
  const whaling = whalingAtStart(pack, sc, hidden)
  const semmes = semmesAtStart(sc)
  return {
    scenario: sc.id,
    turn: sc.firstTurn,
    lastTurn: sc.lastTurn,
    stage: sc.startsAt === 'placement' ? 'opening' : 'both-orders',
    mm: sc.mm,
    mmInitial: sc.mm,
    mmEnglandDropDone: sc.mm < pack.victoryPoints.mmEnglandThreshold,
    cpl: { ...sc.cpl },
    deployTrack: { F: 0, SF: 0, S: 0, GB: 0, SGB: 0 },
    ecesEntries: { ...(sc.ecesEntries ?? {}) },
    cseUsed: { ...(sc.cseUsed ?? {}) },
    neutralCommissionYears: [...(sc.neutralCommissionYears ?? [])],
    csaPortsLost: [],
    pacificRaid: false,
    coalDenied: [],
    whaling,
    semmes,
    csa,
    usa,
    squadrons: {},
    pendingFederal: null,
    europeDeclarations: [],
    raidsThisTurn: [],
    vp: { csa: 0, usa: 0 },
    losses: [],
    decisionSeq: 0,
    policies: { federal: [], confederate: [] },
    result: null,
  }
}

/** 12.15: the victory level from the VP difference; the winner is the side the level names. */
function outcomeOf(state: SdState): GameOutcome | null {
  if (!state.result) return null
  const { level, difference } = state.result
  const winner = /^Confederate\b/.test(level) ? 'confederate' : /^Federal\b/.test(level) ? 'federal' : null
  return {
    summary: `${level} (VP difference ${difference})`,
    winner,
    scores: { confederate: state.vp.csa, federal: state.vp.usa },
    details: { level, difference },
  }
}

type Scenario = ReturnType<typeof contextFor>['scenario']
type ShipDef = SeaDevilsPack['ships'][number]

/** A Confederate ship as the scenario sets it up: on the map (in port or at sea), to come, or out of play. */
function confederateAtStart(pack: SeaDevilsPack, ctx: ReturnType<typeof contextFor>, def: ShipDef): CsaShip {
  const sc = ctx.scenario
  // The turn the ship enters play (the track; the Campaign's GT1 roster is on no track turn).
  const arrival = pack.track.find((t) => t.csaReinforcements.some((r) => r.ship === def.id))?.gt ?? 1
  const at = sc.confederate.find((c) => c.ship === def.id)
  const portNat =
    at?.inPort === 'CSA'
      ? 'CSA'
      : at?.inPort === 'neutral'
        ? (at.portNat ?? ctx.area(at.area).ports.find((p) => p.nat !== 'USA' && p.nat !== 'CSA')?.nat ?? 'refuge')
        : null
  // Ships due before a later start that the scenario does not list are out of play (12.16).
  const gone = !at && (arrival < sc.firstTurn || (sc.removedFromTrack ?? []).includes(def.id))
  const ship: CsaShip = {
    id: def.id,
    status: at ? 'map' : gone ? 'cancelled' : 'pending',
    arrivedTurn: 0,
    area: at?.area ?? null,
    port: at ? portNat : null,
    damage: 0,
    commissioned: at?.commissioned ?? false,
    turnsAtSea: at?.turnsAtSea ?? 0,
    turnsInPort: at?.turnsInPort ?? 0,
    refitDuringStay: false,
    cannotRaidUntilRefit: false,
    // A scenario's set-up is public (13.x): a later start shows where every ship lies.
    knownToFederal:
      at && (portNat || sc.startsAt === 'placement') ? { turn: sc.firstTurn, area: at.area, port: portNat } : null,
  }
  if (at?.refits !== undefined && def.afterFirstRefit) ship.refits = at.refits
  if (at?.spottedSinceFirstRefit !== undefined && def.afterFirstRefit)
    ship.spottedAfterRefit = at.spottedSinceFirstRefit
  if (at?.prizeCoalUsed) ship.prizeCoalUsed = true
  return ship
}

/** A Federal ship as the scenario sets it up: on the map, in a pool, in the CSE box, or to come. */
function federalAtStart(pack: SeaDevilsPack, sc: Scenario, def: ShipDef): UsaShip {
  const arrival = pack.track.find((t) => t.usaReinforcements.includes(def.id))?.gt ?? 1
  const onMap = sc.federal.onMap.find((p) => p.ship === def.id)
  // A ship that entered play before a later start and is not listed has no availability left (UP).
  const listed: UsaShip['loc'] = onMap
    ? 'map'
    : sc.federal.availablePool.includes(def.id)
      ? 'AP'
      : sc.federal.cseBox.includes(def.id)
        ? 'CSE'
        : 'pending'
  const loc: UsaShip['loc'] = listed === 'pending' && arrival < sc.firstTurn ? 'UP' : listed
  return {
    id: def.id,
    loc,
    area: onMap?.area ?? null,
    damage: 0,
    spent: sc.federal.availabilitySpent[def.id] ?? 0,
    deployed: !!onMap,
    fromUP: false,
    upUses: 0,
    blockading: null,
    phaseStart: null,
    moved: false,
  }
}

/** 5.3 / 13.44: the whaling counters, mixed face down over the grounds. */
function whalingAtStart(pack: SeaDevilsPack, sc: Scenario, hidden: Dice): Record<string, number> {
  const grounds = sc.whaling
    ? [...sc.whaling.areas]
    : pack.areas
        .filter((a) => a.whaling)
        .map((a) => a.id)
        .slice(0, sc.whalingCounters)
  // The counters are mixed face down: only the moderator sees them until a ship raids there.
  const values = shuffled(sc.whaling ? sc.whaling.values : pack.whalingValues.values, hidden, 'whaling shuffle', {
    kind: 'moderator',
  })
  const whaling: Record<string, number> = {}
  grounds.forEach((g, i) => {
    if (values[i] !== undefined) whaling[g] = values[i]!
  })
  return whaling
}

/** 11.7: Semmes on a ship, on the track for the placement (Greyhounds), or out of the game (Endgame). */
function semmesAtStart(sc: Scenario): SdState['semmes'] {
  const semmesShip = sc.confederate.find((c) => c.semmes)?.ship ?? null
  return sc.semmes
    ? {
        ship: sc.semmes.status === 'ship' ? (sc.semmes.ship ?? null) : null,
        onTrack: sc.semmes.status === 'track',
        shipsCommanded: [...sc.semmes.commanded],
        removed: sc.semmes.status === 'removed',
        usedThisTurn: false,
        placeNext: sc.semmes.status === 'track' ? (sc.semmes.ship ?? null) : null,
      }
    : {
        ship: semmesShip,
        onTrack: false,
        shipsCommanded: semmesShip ? [semmesShip] : [],
        removed: false,
        usedThisTurn: false,
        placeNext: null,
      }
}
