// Rebel Raiders on the High Seas (RB 1-17, PB 18-19, the 110 cards of PB 23 as the README's card table
// says): the game module the engine runs, in the shipped registry.
import { rebelOrderHelp } from './orderHelp.ts'
import { rebelRaidersHouse } from './house.ts'
import { readDiceAnswer } from './assaultRerolls.ts'
import { projectPath } from '../../util/resources.ts'
import type {
  Awaited,
  DataPack,
  Dice,
  Input,
  Ruleset,
  RulesetFactory,
  Step,
  Viewer,
  GameOptionInfo,
} from '../contract.ts'
import { type RrCommand, parseRebelOrders } from './orders.ts'
import { assaultsBarred, orderForm, statusModel } from './view.ts'
import { rebelFigures } from './pictures.ts'
import { bindRebelPack, loadRebelPack, type RawRebelPack, rawRebelPack } from './pack.ts'
import { resolvePhase } from './resolve.ts'
import { PhaseRun } from './phaseRun.ts'
import { openingPosition } from './setup.ts'
import { playedRules, readOptions, tournamentLevel } from './optionalRules.ts'
import { RR_DEMO } from './demo.ts'
import { applyLaterStart, laterStartDecks } from './laterStart.ts'
import { cardsSeenBy, openingDecks } from './cards.ts'
import { LAST_TURN, phaseName, roleOf, ROLES, type RrState, turnName } from './state.ts'

export const REBEL_RAIDERS_VERSION = '0.1.0'

export const rebelRaidersFactory: RulesetFactory = {
  id: 'rebel-raiders',
  title: 'Rebel Raiders on the High Seas',
  defaultPack: () => loadRebelPack(rawRebelPack()),
  loadPack: (raw) => loadRebelPack(raw),
  create: (pack) => createRebelRaiders(pack as DataPack<RawRebelPack>),
  templates: projectPath('src', 'games', 'rebel-raiders', 'templates'),
  demo: RR_DEMO(projectPath('src', 'games', 'rebel-raiders')),
}

/** The options `pbem game create --option` takes for this game (its set-up checks the values). */
const RR_OPTIONS: readonly GameOptionInfo[] = [
  {
    name: 'optional',
    values: `optional rules, comma-separated: ${playedRules().join(', ')}`,
    summary: 'the optional rules of chapter 18 this game plays (18.4 needs 18.6)',
  },
  {
    name: 'cards',
    values: 'A, B or C (default A)',
    choices: ['A', 'B', 'C'],
    summary: 'the card set-up of the 1862 start (19.5); only with that scenario',
  },
]

export function createRebelRaiders(pack: DataPack<RawRebelPack>): Ruleset<RrState, RrCommand> {
  const content = bindRebelPack(pack.content)
  const phasing = (s: RrState) => roleOf(s.phase.startsWith('csa') ? 'CSA' : 'USA')
  const other = (s: RrState) => roleOf(s.phase.startsWith('csa') ? 'USA' : 'CSA')
  const ruleset: Ruleset<RrState, RrCommand> = {
    id: 'rebel-raiders',
    title: 'Rebel Raiders on the High Seas',
    version: REBEL_RAIDERS_VERSION,
    roles: ROLES,
    gameOptions: RR_OPTIONS,
    scenarios: Object.entries(content.setups).map(([id, s]) => ({
      id,
      title: s.title,
      turns: `${turnName(s.turn)} - Dec 1864 (${LAST_TURN - s.turn + 1} turns)`,
      summary:
        s.turn === 1
          ? 'the 1861 campaign: the basic game with the decks; card effects in part'
          : 'the 1862 start (PB 19): the Union half of April 1862 opens; cards=A|B|C chooses the card set-up (19.5)',
    })),
    phaseKinds: ['move', 'build'],
    setup: (scenario, options, _pack, hidden) => openingState(content, scenario, options, hidden),
    awaiting: (s): Awaited[] =>
      s.finished
        ? []
        : [
            {
              kind: 'orders',
              role: phasing(s),
              label: `${turnName(s.turn)}: ${phaseName(s.phase)}`,
              phase: s.phase.endsWith('move') ? 'move' : 'build',
            },
            // The other side may change its standing orders (reactions, battle orders) at any time.
            {
              kind: 'orders',
              role: other(s),
              label: `${turnName(s.turn)}: standing orders during the ${phaseName(s.phase)}`,
              optional: true,
              phase: s.phase.endsWith('move') ? 'move' : 'build',
            },
          ],
    orderHelp: (s, role) => rebelOrderHelp(s, role),
    parseOrders: (s, role, text) => {
      return parseRebelOrders(s, content, role, text, { standingOnly: role !== phasing(s) })
    },
    // A free answer names dice by number (the reroll cards, assaultRerolls.ts); any other is an option.
    parseAnswer(_s, q, text) {
      if (q.answer === 'text') {
        const dice = readDiceAnswer(text, Number(q.context?.dice ?? 0))
        return dice ? { answer: dice } : { error: `write ${q.form ?? 'one of the options'}` }
      }
      const pick = q.options.find((o) => o.id.toUpperCase() === text.trim().toUpperCase())
      return pick ? { answer: pick.id } : { error: `answer one of ${q.options.map((o) => o.id).join(', ')}` }
    },
    resolve(state: RrState, input: Input<RrCommand>, dice: Dice): Step<RrState> {
      const s = structuredClone(state)
      const label = `${turnName(s.turn)}: ${phaseName(s.phase)}`
      const run = new PhaseRun(s, content, dice, input.decisions)
      resolvePhase(run, input.orders[phasing(state)] ?? [], input.orders[other(state)] ?? [])
      return { state: s, narrative: run.narrative, decisions: run.questions, label, finished: s.finished }
    },
    view: (s, viewer: Viewer) => ({
      turn: turnName(s.turn),
      phase: phaseName(s.phase),
      confederatePoints: s.vp,
      citiesLost: s.citiesLost,
      unionAssaultsLeft: s.unionPawns,
      // Of those, the ones only a landing from the sea may spend (#24, the 1862 start: public).
      unionSeaPawnsLeft: s.seaPawns,
      assaultsBarred: assaultsBarred(s),
      unionHolds: Object.entries(s.control)
        .filter(([, side]) => side === 'USA')
        .map(([id]) => id),
      pieces: s.pieces.map((p) => `${p.side} ${p.id} ${p.at}${p.cargo ? ` cargo ${p.cargo}` : ''}`),
      cards: { confederate: cardsSeenBy(s, 'CSA', viewer), union: cardsSeenBy(s, 'USA', viewer) },
    }),
    turnOf: (s) => s.turn,
    turnLabel: (turn) => turnName(turn),
    outcome: (s) => {
      if (!s.finished) return null
      const tournament = tournamentLevel(content.map, s)
      return {
        summary: s.result ?? 'the game is over',
        winner: s.winner ? roleOf(s.winner) : null,
        scores: { confederate: s.vp },
        ...(tournament ? { details: { tournamentLevel: tournament.level, tournamentPoints: tournament.points } } : {}),
      }
    },
    reportModel: (s, viewer) => ({
      rr: statusModel(s, content, viewer),
      orderForm: viewer.kind === 'role' ? orderForm(s, content, viewer.role) : [],
    }),
    figures: (s, _viewer, seen) => rebelFigures(s, content, seen),
    house: rebelRaidersHouse(content),
  }
  return ruleset
}

/** The position a scenario opens with (RB 4, PB 19): pieces, decks dealt, nothing yet ordered. */
function openingState(
  content: ReturnType<typeof bindRebelPack>,
  scenario: string,
  options: Parameters<Ruleset<RrState, RrCommand>['setup']>[1],
  hidden: Parameters<Ruleset<RrState, RrCommand>['setup']>[3],
): RrState {
  const setup = content.setups[scenario]
  if (!setup) throw new Error(`unknown scenario ${scenario}`)
  const chosen = readOptions(options, scenario)
  const position = openingPosition(setup, content.pieces, content.map)
  if (setup.cards && !chosen.cards) chosen.cards = 'A'
  const counters: Record<string, number> = {}
  for (const p of position.pieces) {
    const [code = '', n] = p.id.split('-')
    counters[code] = Math.max(counters[code] ?? 0, Number(n))
  }
  const state: RrState = {
    scenario,
    options: chosen,
    turn: setup.turn,
    phase: 'csa-move',
    vp: setup.vp,
    pieces: position.pieces,
    control: {},
    unionPawns: setup.unionPawns,
    seaPawns: 0,
    seaTargets: null,
    pawnsNext: 0,
    csaPawns: 0,
    csaPawnsNext: 0,
    amphibiousOcean: false,
    takenFromSea: [],
    intercept: {},
    policies: { CSA: [], USA: [] },
    emancipated: false,
    citiesLost: 0,
    once: [],
    razed: [],
    arriving: [],
    counters,
    raids: {},
    // 4.11, 4.21: both decks shuffled face down, three cards dealt to each hand (a later start: its own cards, 19.5).
    cards: setup.cards
      ? laterStartDecks(content.decks, setup.cards, chosen.cards, hidden, setup.turn)
      : openingDecks(content.decks, hidden, setup.turn),
    thisTurn: [],
    pending: [],
    reactions: { CSA: [], USA: [] },
    speedBonus: {},
    named: [],
    commanders: position.commanders,
    relieved: {},
    lastTurn: LAST_TURN,
    finished: false,
    winner: null,
    result: null,
  }
  applyLaterStart(state, setup, hidden)
  return state
}
