// Sea Devils (S&T 191) as a ruleset: setup from the scenario (13.x), the two-deadline email cadence
// of digest 1.3 (Federal deployment + movement, then the Confederate activity record), resolution
// of Phases 3 and 4, the end of the turn and the next turn's opening.
import type { Awaited, DataPack, Dice, Input, Options, Ruleset, RulesetFactory, Step, Viewer } from '../contract.ts'
import { rawSeaDevilsPack } from './data/index.ts'
import { loadSeaDevilsPack, type SeaDevilsPack } from './pack.ts'
import { confederateOrdersFrom, federalOrdersFrom, parseSeaDevilsOrders, type SdCommand } from './orders.ts'
import { Resolution, CSA, PUBLIC } from './resolution.ts'
import { contextFor, type CsaShip, type SdState, type UsaShip } from './state.ts'
import { applyDeployment, endTurn, federalMovement, openTurn } from './turn.ts'
import { runActivityPhase } from './activity.ts'
import { seaDevilsReportModel, seaDevilsView } from './view.ts'
import { seaDevilsMapModel } from './map.ts'
import type { Policy } from './policy.ts'

export const SEA_DEVILS_VERSION = '1.0.0'

const packOf = (state: SdState, pack: SeaDevilsPack) => contextFor(pack, state.scenario)

export const seaDevilsFactory: RulesetFactory = {
  id: 'sea-devils',
  title: 'Sea Devils',
  defaultPack: () => loadSeaDevilsPack(rawSeaDevilsPack()),
  loadPack: (raw) => loadSeaDevilsPack(raw),
  create: (pack) => createSeaDevils(pack as DataPack<SeaDevilsPack>),
}

/** A Sea Devils ruleset bound to one data pack (each game fixes its pack in GameCreated). */
export function createSeaDevils(pack: DataPack<SeaDevilsPack> = seaDevilsFactory.defaultPack() as DataPack<SeaDevilsPack>): Ruleset<SdState, SdCommand> {
  const content = pack.content
  const ruleset: Ruleset<SdState, SdCommand> = {
    id: 'sea-devils',
    title: 'Sea Devils',
    version: SEA_DEVILS_VERSION,
    roles: ['federal', 'confederate'],
    // Digest 1.3: F1 (deployment and movement), then C1 (the activity record; on a scenario's first
    // turn both sides send theirs together). Schedules may give each its own deadline rule.
    phaseKinds: ['deployment', 'activity'],
    scenarios: content.scenarios.map((s) => ({
      id: s.id,
      title: s.title,
      turns: `GT${s.firstTurn}-GT${s.lastTurn}`,
      summary: `rule ${s.rule}; ${s.startsAt === 'record' ? 'starts at the activity record of its first turn' : 'starts at placement'}`,
    })),
    setup(scenario: string, _options: Options, _pack: DataPack, hidden: Dice): SdState {
      return setupScenario(content, scenario, hidden)
    },
    awaiting(state: SdState): Awaited[] {
      switch (state.stage) {
        case 'both-orders':
          return [
            { kind: 'orders', role: 'federal', label: `GT${state.turn} Federal movement`, phase: 'activity' },
            { kind: 'orders', role: 'confederate', label: `GT${state.turn} Confederate activity record`, phase: 'activity' },
          ]
        case 'federal-orders':
          return [{ kind: 'orders', role: 'federal', label: `GT${state.turn} Federal deployment and movement`, phase: 'deployment' }]
        case 'confederate-orders':
          return [{ kind: 'orders', role: 'confederate', label: `GT${state.turn} Confederate activity record`, phase: 'activity' }]
        case 'finished':
          return []
      }
    },
    parseOrders: (state, role, text) => parseSeaDevilsOrders(state, packOf(state, content), role, text),
    resolve(state: SdState, input: Input<SdCommand>, dice: Dice): Step<SdState> {
      const next = structuredClone(state)
      const ctx = packOf(next, content)
      const fed = federalOrdersFrom(input.orders.federal ?? [])
      const csa = confederateOrdersFrom(input.orders.confederate ?? [])
      next.policies.federal = standing(next.policies.federal, fed.policies)
      next.policies.confederate = standing(next.policies.confederate, csa.policies)
      const res = new Resolution(next, ctx, dice, input.decisions, next.policies)
      const turn = next.turn
      if (next.stage === 'finished') throw new Error('the game is over')
      if (next.stage === 'federal-orders') {
        if (!input.orders.federal) res.say(PUBLIC, '10.4', 'The Federal player sent no orders: no ship is deployed this turn.')
        applyDeployment(res, fed)
        return { state: next, narrative: res.narrative, decisions: res.decisions, label: `GT${turn} Federal placement`, finished: false }
      }
      const federalOrders = next.stage === 'both-orders' ? fed : next.pendingFederal ?? fed
      next.pendingFederal = null
      applySemmesOrders(res, csa.semmes)
      federalMovement(res, federalOrders)
      const turns = runActivityPhase(res, csa.scripts)
      const finished = endTurn(res, turns)
      if (!finished) openTurn(res)
      return { state: next, narrative: res.narrative, decisions: res.decisions, label: `GT${turn} Federal movement and Confederate activity`, finished }
    },
    view: (state, viewer: Viewer) => seaDevilsView(state, packOf(state, content), viewer),
    turnOf: (state) => state.turn,
    reportModel: (state, viewer) => seaDevilsReportModel(state, packOf(state, content), viewer),
    mapModel: (state, viewer, seen) => seaDevilsMapModel(state, packOf(state, content), viewer, seen),
  }
  return ruleset
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
  if (sc.startsAt !== 'record') throw new Error(`scenario ${sc.id} starts at placement, which this version cannot yet set up (README rules coverage)`)
  const csa: Record<string, CsaShip> = {}
  const usa: Record<string, UsaShip> = {}
  for (const def of pack.ships) {
    if (def.side === 'CSA') {
      const at = sc.confederate.find((c) => c.ship === def.id)
      const portNat = at?.inPort === 'CSA' ? 'CSA' : at?.inPort === 'neutral' ? at.portNat ?? ctx.area(at.area).ports.find((p) => p.nat !== 'USA' && p.nat !== 'CSA')?.nat ?? 'refuge' : null
      csa[def.id] = {
        id: def.id,
        status: at ? 'map' : 'pending',
        arrivedTurn: 0,
        area: at?.area ?? null,
        port: at ? portNat : null,
        damage: 0,
        commissioned: at?.commissioned ?? false,
        turnsAtSea: at?.turnsAtSea ?? 0,
        turnsInPort: at?.turnsInPort ?? 0,
        refitDuringStay: false,
        cannotRaidUntilRefit: false,
        knownToFederal: at && portNat ? { turn: sc.firstTurn, area: at.area, port: portNat } : null,
      }
    } else {
      const onMap = sc.federal.onMap.find((p) => p.ship === def.id)
      const loc: UsaShip['loc'] = onMap ? 'map' : sc.federal.availablePool.includes(def.id) ? 'AP' : sc.federal.cseBox.includes(def.id) ? 'CSE' : 'pending'
      usa[def.id] = {
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
  }
  const grounds = pack.areas.filter((a) => a.whaling).map((a) => a.id).slice(0, sc.whalingCounters)
  const values = [...pack.whalingValues.values]
  // Fisher-Yates with the hidden dice: counter i gets one of the values not yet drawn.
  for (let i = values.length - 1; i > 0; i--) {
    const j = hidden.roll(`whaling shuffle ${i}`, i + 1, { kind: 'moderator' }) - 1
    ;[values[i], values[j]] = [values[j]!, values[i]!]
  }
  const whaling: Record<string, number> = {}
  grounds.forEach((g, i) => {
    if (values[i] !== undefined) whaling[g] = values[i]!
  })
  const semmesShip = sc.confederate.find((c) => c.semmes)?.ship ?? null
  return {
    scenario: sc.id,
    turn: sc.firstTurn,
    lastTurn: sc.lastTurn,
    stage: 'both-orders',
    mm: sc.mm,
    mmInitial: sc.mm,
    mmEnglandDropDone: sc.mm < pack.victoryPoints.mmEnglandThreshold,
    cpl: { ...sc.cpl },
    deployTrack: { F: 0, SF: 0, S: 0, GB: 0, SGB: 0 },
    ecesEntries: {},
    cseUsed: {},
    neutralCommissionYears: [],
    csaPortsLost: [],
    pacificRaid: false,
    coalDenied: [],
    whaling,
    semmes: { ship: semmesShip, onTrack: false, shipsCommanded: semmesShip ? [semmesShip] : [], removed: false, usedThisTurn: false, placeNext: null },
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
