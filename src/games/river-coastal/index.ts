// ACW River and Coastal Naval Actions: the RulesetFactory. Both sides write one order
// line per ship each move; the judge moves everything at once, resolves contacts, fires, tests
// morale and mails each side what it can see. Registered in src/games/index.ts.
import type {
  Awaited,
  DataPack,
  Dice,
  Question,
  Input,
  NarrativeEntry,
  Parsed,
  Ruleset,
  RulesetFactory,
  Step,
  Viewer,
  GameOptionInfo,
} from '../contract.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { projectPath } from '../../util/resources.ts'
import { fitBalloons } from './balloons.ts'
import { runBoarding } from './boarding.ts'
import { runLanding } from './landing.ts'
import { applyFlagships, flagshipQuestion, nominating } from './flagship.ts'
import { withMailRoles } from './mailRoles.ts'
import { withCaptains } from './captainRoles.ts'
import { applySignals, applyTransfers, shiftCommanders } from './fleetCommand.ts'
import { dragUnderJammed, resolveContacts, unusedSpars } from './collisions.ts'
import { checkEnd, runMoraleAndFires } from './endOfMove.ts'
import { aboutShip, ordersForMove } from './moveOrders.ts'
import { runMovement } from './moveStep.ts'
import { discardQuestion } from './objectives.ts'
import { resolveDeployment, resolveObjectives } from './preGame.ts'
import { readStranding, resolveStranding, strandId, strandingHolders, strandQuestion } from './retrieve.ts'
import { deploymentSides, parseDeployment } from './deployment.ts'
import { sideContext } from './orderContext.ts'
import { orderForm } from './orderForm.ts'
import { riverOrderHelp } from './orderHelp.ts'
import { parseShipOrders } from './orders.ts'
import { bindRiverPack, loadRiverPack, type RawRiverPack, type RiverPack, rawRiverPack } from './pack.ts'
import { seenBy } from './sighting.ts'
import { drawTable, MINES_ID, readMines, tableQuestions } from './tableDraw.ts'
import { resolveTable, scenarioOf as tableScenario } from './tableLayout.ts'
import { FORT_ID, fortPlacementText, readFortPlacement } from './tableFort.ts'
import { readPlace } from './tablePlaces.ts'
import { settleFlooded } from './settling.ts'
import { runShooting } from './shooting.ts'
import { initialState, type RiverCommand, type RiverState, sideOf } from './state.ts'
import { riverReportModel } from './report.ts'
import { riverView } from './view.ts'
import { plotSvg } from './plot.ts'
import { applyRadii, choosingRadius, radiusQuestion } from './radius.ts'
import { runCrewMoves, runRepairs } from './upkeep.ts'
import { runMortars } from './mortars.ts'
import { makeSmoke, rollWind } from './smoke.ts'
import { recordWrecks } from './wrecks.ts'
import { riverCoastalHouse } from './house.ts'
import { fireShipContacts, igniteFireShips, releaseLines } from './fireShips.ts'

/** This game's own folder: its templates and demo mails live beside its rules. */
const HOME = projectPath('src', 'games', 'river-coastal')

export const RIVER_ROLES = ['USA', 'CSA'] as const
/** What the awaited orders are called, so that "Awaiting:" names whose they are. */
const SIDE_NAMES: Record<string, string> = { USA: 'Union', CSA: 'Confederate' }

/** A new game of a scenario: spars, balloons and smoke as the options ask; a random table's throws. */
function riverSetup(
  content: RiverPack,
  scenario: string,
  options: Parameters<Ruleset<RiverState, RiverCommand>['setup']>[1],
  hidden: Dice,
): RiverState {
  const asked = String(options.spars ?? '')
    .split(',')
    .map((x) => x.trim().toUpperCase())
    .filter(Boolean)
  // Ruling RC-74: a scenario may fit its own spars (the Plymouth boom's picket launch).
  const spars = [...new Set([...(content.scenarios[scenario]?.spars ?? []), ...asked])]
  const random = content.scenarios[scenario]?.random
  // §5 L391: on a random table the objective cards are always dealt, once the table is laid.
  const state = initialState(scenario, content, hidden, options.objectiveCards === true || !!random, spars)
  const sc = content.scenarios[scenario]!
  // §7 L483-485 ruling RC-73: observation balloons only with the option `balloons` (ship ids).
  fitBalloons(
    state,
    String(options.balloons ?? '')
      .split(',')
      .map((x) => x.trim().toUpperCase())
      .filter(Boolean),
  )
  // §9 L561-569, digest A24: wind and smoke only with the option `smoke`.
  if (options.smoke === true) state.weather = { wind: rollWind(hidden) }
  if (random) {
    state.table = { draw: drawTable(sc, content, hidden) }
    state.phase = 'table'
  }
  state.seen = { USA: seenBy('USA', state, sc, content), CSA: seenBy('CSA', state, sc, content) }
  return state
}

/** What the game waits for: the set-up's questions, a hidden deployment, or each side's move orders. */
function riverAwaiting(s: RiverState, content: RiverPack): Awaited[] {
  const scenarioOf = (x: RiverState) => tableScenario(x, content)
  if (s.finished) return []
  if (s.phase === 'table')
    return tableQuestions(s, scenarioOf(s), content).map((q): Awaited => ({ kind: 'decision', phase: 'setup', ...q }))
  if (s.phase === 'objectives')
    return RIVER_ROLES.map((role) => ({
      kind: 'decision',
      phase: 'setup',
      ...discardQuestion(role, s.dealt![role], content),
    }))
  if (s.phase === 'stranding')
    return strandingHolders(s, content).map(
      (holder): Awaited => ({ kind: 'decision', phase: 'setup', ...strandQuestion(holder, s, content) }),
    )
  if (s.phase === 'deployment')
    return deploymentSides(scenarioOf(s)).map((role) => ({
      kind: 'orders',
      role,
      label: `${SIDE_NAMES[role]} hidden deployment`,
      phase: 'setup',
    }))
  return [
    ...RIVER_ROLES.map(
      (role): Awaited => ({
        kind: 'orders',
        role,
        label: `Move ${s.move} ${SIDE_NAMES[role]} orders`,
        phase: 'move',
      }),
    ),
    // digest §1.2 P7: a side that nominates its flagship answers with its move-1 orders.
    // §7 L479: each side-wheeler's radius, chosen with the move-1 orders.
    ...RIVER_ROLES.flatMap((side) =>
      choosingRadius(s, side, content).map(
        (x): Awaited => ({ kind: 'decision', phase: 'setup', ...radiusQuestion(x, content) }),
      ),
    ),
    ...nominating(s, scenarioOf(s)).map(
      (side): Awaited => ({
        kind: 'decision',
        phase: 'setup',
        ...flagshipQuestion(s, side, scenarioOf(s), content),
      }),
    ),
  ]
}

/** A free answer to a set-up question, checked: a stranded ship, a feature's place, the minefields, the fort's guns. */
function riverAnswer(
  s: RiverState,
  q: Question,
  text: string,
  content: RiverPack,
): { answer: string } | { error: string } {
  const scenarioOf = (x: RiverState) => tableScenario(x, content)
  const holder = (['USA', 'CSA'] as const).find((side) => q.decisionId === strandId(side))
  if (holder) {
    const read = readStranding(text, holder, s, scenarioOf(s), content)
    return 'error' in read ? read : { answer: text.trim().toUpperCase().split(/\s+/).join(' ') }
  }
  const square = /^PLACE-(\d)$/.exec(q.decisionId)
  if (square && s.table) {
    const read = readPlace(text, Number(square[1]), s.table.draw, content)
    if (typeof read === 'object' && 'error' in read) return read
    return { answer: text.trim().toUpperCase().split(/\s+/).join(' ') }
  }
  if (q.decisionId === FORT_ID && s.table?.draw.fort) {
    const read = readFortPlacement(text, s.table.draw.fort.guns.length, s.table.draw.fort.cpv)
    return 'error' in read ? read : { answer: fortPlacementText(read) }
  }
  if (q.decisionId !== MINES_ID) return { answer: text.trim().toUpperCase() }
  const read = readMines(text, scenarioOf(s), content)
  return 'error' in read ? read : { answer: text.trim().toUpperCase().split(/\s+/).join(' ') }
}

/** The options `pbem game create --option` takes for this game (its set-up checks the values). */
const RC_OPTIONS: readonly GameOptionInfo[] = [
  {
    name: 'captains',
    values: '1, or the number of captains the scenario divides a side into',
    summary: 'one player a side (1, the default) or one player a captain (ruling RC-91)',
  },
  { name: 'spars', values: 'ship ids, comma-separated', summary: 'ships fitted with spar torpedoes' },
  { name: 'balloons', values: 'ship ids, comma-separated', summary: 'ships carrying an observation balloon (§7)' },
  { name: 'smoke', values: 'true or false', choices: ['true', 'false'], summary: 'wind and smoke (§9)' },
  {
    name: 'objectiveCards',
    values: 'true or false',
    choices: ['true', 'false'],
    summary: 'deal the objective cards (always dealt on a random table)',
  },
]

export function createRiverCoastal(
  pack: DataPack<RawRiverPack>,
  content: RiverPack = bindRiverPack(pack.content),
): Ruleset<RiverState, RiverCommand> {
  const scenarioOf = (s: RiverState) => tableScenario(s, content)
  const landingGoals = (s: RiverState, role: string) => {
    const sc = scenarioOf(s)
    const goals: Record<string, string> = {}
    for (const p of sc.places) goals[p.id] = p.name
    for (const f of sc.forts) if (f.side !== role) goals[f.id] = f.name
    return goals
  }

  return {
    id: 'river-coastal',
    title: 'ACW River and Coastal Naval Actions',
    version: '0.1.0',
    roles: RIVER_ROLES,
    gameOptions: RC_OPTIONS,
    scenarios: Object.values(content.scenarios).map((s) => ({
      id: s.id,
      title: s.title,
      turns: `${s.moves} moves`,
      summary: `${s.kind === 'river' ? 'River' : 'Estuary'} action: ${s.ships.filter((x) => x.side === 'USA').length} Union ships against ${s.ships.filter((x) => x.side === 'CSA').length} Confederate${s.forts.length ? ` and ${s.forts.map((f) => f.name).join(', ')}` : ''}`,
    })),
    phaseKinds: ['setup', 'move'],
    setup: (scenario, options, _pack, hidden) => riverSetup(content, scenario, options, hidden),
    awaiting: (s): Awaited[] => riverAwaiting(s, content),
    parseOrders: (s, role, text): Parsed<RiverCommand> =>
      s.phase === 'deployment'
        ? parseDeployment(s, sideOf(role), text, scenarioOf(s), content)
        : parseShipOrders(sideContext(s, sideOf(role), scenarioOf(s), content, landingGoals(s, role)), text),
    orderHelp: (s, role) => riverOrderHelp(s, sideOf(role), content),
    parseAnswer: (s, q, text) => riverAnswer(s, q, text, content),
    resolve: (s, input: Input<RiverCommand>, dice): Step<RiverState> =>
      s.phase === 'table'
        ? resolveTable(s, input, dice, content)
        : s.phase === 'objectives'
          ? resolveObjectives(s, input, content)
          : s.phase === 'stranding'
            ? resolveStranding(s, input, content)
            : s.phase === 'deployment'
              ? resolveDeployment(s, input, content)
              : resolveMove(s, input, dice, content),
    view: (s, viewer) => riverView(s, viewer, scenarioOf(s), content),
    house: riverCoastalHouse(content),
    turnOf: (s) => (s.phase === 'moves' ? s.move : 0),
    turnLabel: (turn) => (turn === 0 ? 'Before the battle' : `Move ${turn}`),
    outcome: (s) => (s.finished ? { summary: s.finished.summary, winner: s.finished.winner } : null),
    reportModel: (s, viewer) => ({
      ...riverReportModel(s, viewer, scenarioOf(s), content),
      orderForm: viewer.kind === 'role' ? orderForm(s, sideOf(viewer.role), content) : [],
    }),
    figures: (s: RiverState, viewer: Viewer, _seen, stamp) => [
      {
        name: 'plot',
        title: `${scenarioOf(s).title}, move ${s.move}`,
        svg: plotSvg(s, viewer, scenarioOf(s), content, stamp),
      },
    ],
  }
}

export function resolveMove(
  s0: RiverState,
  input: Input<RiverCommand>,
  dice: Parameters<Ruleset<RiverState, RiverCommand>['resolve']>[2],
  pack: RiverPack,
): Step<RiverState> {
  const sc = tableScenario(s0, pack)
  let state: RiverState = structuredClone(s0)
  const flags = [
    ...applyFlagships(state, input.decisions, sc),
    ...(s0.move === 1 ? applyRadii(state, input.decisions, pack) : []),
    ...applyTransfers(state, input, dice),
  ]
  const { orders, personality } = ordersForMove(s0, state, input, sc, pack)
  const repairs = runRepairs(state, orders, pack)
  // §9 L539-559: fire ships are lit before they move and burn or blow up once the movement is done.
  const lit = [...releaseLines(state, orders), ...igniteFireShips(state, orders, dice, pack)]
  const moved = runMovement(state, orders, sc, dice, pack)
  const contacts = resolveContacts(moved.state, moved.facts.contacts, orders, moved.facts.controlled, dice, pack)
  state = contacts.state
  const burned = fireShipContacts(state, s0, moved.facts.contacts, orders, dice, pack)
  // §11 L987, §8 L517: the ram results used this move's speed; a ship stopped in the move ends it stopped.
  for (const id of moved.facts.stopped) state.ships[id]!.speed = 0
  const seen = { USA: seenBy('USA', state, sc, pack), CSA: seenBy('CSA', state, sc, pack) }
  const shot = runShooting(state, orders, seen, sc, dice, pack, state.move === 1 ? moved.facts.quarters : [])
  const mortared = runMortars(shot.state, orders, sc, dice, pack)
  makeSmoke(
    shot.state,
    [...new Set(shot.lines.filter((l) => !l.to).map((l) => l.firer))].filter((id) => id in shot.state.ships),
  )
  const boarded = runBoarding(shot.state, orders, dice, pack)
  const landed = runLanding(boarded.state, orders, dice, pack)
  const settled = settleFlooded(landed.state, sc)
  const after = runMoraleAndFires(landed.state, dice, pack)
  state = after.state
  after.lines.push(...dragUnderJammed(state), ...shiftCommanders(state, dice))
  // Work below decks (repairs, crews moved) is seen by the ship's own side only.
  const below = [...repairs, ...runCrewMoves(state, orders, pack), ...unusedSpars(state, orders)]

  const narrative: NarrativeEntry[] = [...flags, ...personality]
  for (const l of [...lit, ...moved.facts.lines, ...contacts.lines, ...burned])
    narrative.push({ audience: aboutShip(s0, l.ship, seen), rule: l.rule, text: l.text })
  for (const l of shot.lines) {
    if (l.to) {
      narrative.push({ audience: onlyRoles(l.to), rule: l.rule, text: l.text })
      continue
    }
    const audience = aboutShip(s0, l.firer, seen)
    narrative.push({ audience, rule: l.rule, text: l.text })
    const target = state.ships[l.target]
    if (audience.kind !== 'public' && target && target.side !== state.ships[l.firer]!.side)
      narrative.push({
        audience: onlyRoles(target.side),
        rule: l.rule,
        text: `${target.name} is fired on by an unseen ship`,
      })
  }
  for (const l of [...mortared, ...boarded.lines, ...landed.lines, ...settled, ...after.lines])
    narrative.push({ audience: aboutShip(s0, l.ship, seen), rule: l.rule, text: l.text })
  for (const l of below) narrative.push({ audience: onlyRoles(state.ships[l.ship]!.side), rule: l.rule, text: l.text })

  recordWrecks(state, s0.seen, pack)
  state.tracks = tracksOf(s0, moved.facts.quarters)
  // §9 L589-591: fog thins by a quarter each move; what each side sees for the next move is worked
  // out in the new fog, so the report's sight and the ships in it agree.
  if (state.fog !== undefined) {
    const g = pack.tables.visibility.fogGrowth
    state.fog = Math.min(pack.tables.visibility.maxSightInches * 1000, Math.floor((state.fog * g.num) / g.den))
  }
  state.seen = { USA: seenBy('USA', state, sc, pack), CSA: seenBy('CSA', state, sc, pack) }
  narrative.push(...applySignals(state, input))
  state.lastOrders = orders
  state.finished = checkEnd(state, sc, pack)
  if (state.finished) narrative.push({ audience: PUBLIC, rule: '§6 L421', text: state.finished.summary })
  const label = `Move ${state.move}`
  if (!state.finished) state.move++
  return { state, narrative, decisions: [], label, finished: !!state.finished }
}

/** Each ship's path over the move, for the plot: where she began and where each quarter left her. */
function tracksOf(s0: RiverState, quarters: Record<string, { pos: { x: number; y: number } }>[]): RiverState['tracks'] {
  const out: NonNullable<RiverState['tracks']> = {}
  for (const s of Object.values(s0.ships)) {
    if (s.status !== 'afloat' || s.id in s0.exited) continue
    // The last quarter ends where she is now: the plot draws on to her present place.
    const path = [s.pose.pos, ...quarters.slice(0, -1).flatMap((q) => (q[s.id] ? [q[s.id]!.pos] : []))]
    out[s.id] = {
      path,
      seenBy: (['USA', 'CSA'] as const).filter((side) => side === s.side || s0.seen[side].includes(s.id)),
    }
  }
  return out
}

export const riverCoastalFactory: RulesetFactory = {
  id: 'river-coastal',
  title: 'ACW River and Coastal Naval Actions',
  defaultPack: () => loadRiverPack(rawRiverPack()),
  loadPack: (raw) => loadRiverPack(raw),
  // The judge's roles are `usa` and `csa` (mailRoles.ts); the rules inside keep USA and CSA. With the
  // option `captains` each captain is a role of his own (captainRoles.ts, ruling RC-91).
  create: (pack) => {
    const content = bindRiverPack((pack as DataPack<RawRiverPack>).content)
    return withCaptains(withMailRoles(createRiverCoastal(pack as DataPack<RawRiverPack>, content)), content)
  },
  templates: `${HOME}/templates`,
  demo: {
    title: 'ACW River and Coastal Naval Actions, Passing the Fort (14 moves)',
    scenario: 'passing-the-fort',
    players: [
      { role: 'usa', address: 'farragut@example.test', name: 'David Farragut' },
      { role: 'csa', address: 'buchanan@example.test', name: 'Franklin Buchanan' },
    ],
    gameId: 'ptf-demo',
    serveGameId: 'rc-demo',
    example: { role: 'usa', lines: ['TECU: SPEED 6', 'GALE: SPEED 4; FIRE BP AT TENN'] },
    mails: `${HOME}/demo/passing-the-fort`,
    // Pinned dice: the sample mails were written against this seed's rolls (test/river-coastal/demo.test.ts).
    seed: 'ptf-1864',
    deadlineHours: 48,
  },
}
