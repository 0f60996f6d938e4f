// Rebel Raiders orders, one a line (digest 6.3, our own words): a phase's moves, assaults and builds.
//   MOVE <piece>[,<piece>...] <space> > <space> > LOAD > RAID+1 x2 > SEARCH(RD-1)   (move phases; a stack moves as one)
//   ASSAULT <target> FROM <space> [TACTICS <n>]                        (Union move: river or land)
//   COUNTERATTACK <target> FROM <space>                                (Confederate move, with a pawn bought last turn)
//   MOVE <commander> <path with DROP(ship) and PICKUP(ship) steps>     (a commander's stack, 7.4-7.53)
//   COMMAND <commander> <ship>[,<ship>...] | RELIEVE <commander>       (move phases: a commander placed or taken off)
//   TACTICS <target> <n>                                               (Union: tactics for an assault from the sea)
//   INTERCEPT STACK|EACH [AT <station>]                               (Union, standing: one die for a station's stack, or one a ship)
//   DEFEND <space|ALL> TACTICS <n>                                     (Union, standing: tactics against a counterattack, 11.91)
//   POLICY <ship|ALL> ON BATTLE: RETREAT IF lost >= 1; FIGHT            (standing battle orders, any phase)
//   POLICY <space|ALL> ON DEFENCE: SHELTER IF foes >= 3; COMBINED       (Confederate, standing: a port's defence, 10.12)
//   BUILD <piece type> [AT <space>] [SPECIAL] [FREE]                   (build phases; FREE: a Union ship of 18.24)
//   EXCHANGE <n>                                                       (Confederate build: n special points for 5n VP)
//   BUILD CARD [SPECIAL]                                              (a card drawn now, not playable this phase)
//   DISCARD <card> [<card> ...]                                        (build phases: from the hand, 14.41)
//   REFRESH <card> [<card> ...]                                        (December build: discard and draw again, 14.42)
//   PLAY <card> [AT <space>]                                           (a card of one's own in one's own phase)
//   REACT <card> [AT <space>|ALL] [IF SHIPS >= <n>] | REACT <card> OFF (standing: the card played in answer, any phase)
//   PLACE IRONCLAD AT <port>                                           (Confederate build: where an arriving ironclad goes, 14.22)
//   SCRAP <piece>[,<piece>...]                                         (one's own pieces, eliminated at the phase's start, 6.12)
//   RETREAT <raider|ALL> TO <space>[,<space>...] | RETREAT <raider|ALL> OFF (Confederate, standing: where a raider breaks off to, 10.36)
//   TOW <ironclad>[,<ironclad>...] | TOW OFF                          (Union, standing: ironclads towed out of a station first, 10.36)
//   AIM <ship|type|ALL> AT <ship|type>[,...] | AIM <...> OFF          (standing: targets in order of preference, 10.32)
//   SHIELD <ship> WITH <ship> | SHIELD <ship> NONE                     (Union, standing: the shield against batteries, 10.21)
//   PASS                                                               (nothing this phase)
//   ROLL INDUSTRY|CONSCRIPTION, LEE AT <space>|ALL, HUNT AT <space>|ALL, REFRESH at an open-cards 1862 start (optionalOrders.ts)
// Each line is checked against the position at the start of the phase, as the resolution will.
import type { LineError, Parsed } from '../contract.ts'
import { closest, readScript, type ScriptLine } from '../../orders/script.ts'
import { planBuilds } from './builds.ts'
import { readRetreatLine, readScrapLine, readTowLine, stackingErrors } from './stackingOrders.ts'
import type { RebelPack } from './pack.ts'
import { buildContext } from './position.ts'
import { HAND_LIMIT } from './cards.ts'
import { readReactLine } from './reactOrders.ts'
import { readDefendLine } from './defenceTactics.ts'
import { type RrPiece, type RrState, sideOf } from './state.ts'
import { readCommandLine, readMoveLine } from './orderMoves.ts'
import { addSeaPawns, type Pawns } from './pawns.ts'
import { lightningReady } from './landCards.ts'
import { withOrderedMoveCards } from './moveCards.ts'
import { withOrderedCargo } from './cargoCards.ts'
import type { RrCommand } from './orderTypes.ts'
import { readOptionalOrder } from './optionalOrders.ts'
import { readPlaceLine } from './arrivals.ts'
import { readAimLine, readShieldLine, type StandingReading } from './aims.ts'
import { mustLeaveWarnings } from './escapes.ts'
import {
  type OrderReading,
  readAssault,
  readBuild,
  readCounterattack,
  readDiscard,
  readExchange,
  readIntercept,
  readPlay,
  readPolicy,
  readTactics,
} from './orderLines.ts'

export type { RrCommand } from './orderTypes.ts'

/** The first words of the lines the parser takes: HELP shows each with an example. */
export const REBEL_ORDER_WORDS: readonly string[] = [
  'MOVE',
  'COMMAND',
  'RELIEVE',
  'ASSAULT',
  'COUNTERATTACK',
  'TACTICS',
  'INTERCEPT',
  'POLICY',
  'BUILD',
  'EXCHANGE',
  'DISCARD',
  'REFRESH',
  'PLAY',
  'REACT',
  'DEFEND',
  'PASS',
  'PLACE',
  'SCRAP',
  'RETREAT',
  'AIM',
  'SHIELD',
  'TOW',
  'ROLL',
  'LEE',
  'HUNT',
]
/** What the side whose phase it is not may send: its standing orders. */
const STANDING = ['REACT', 'POLICY', 'INTERCEPT', 'DEFEND', 'RETREAT', 'AIM', 'SHIELD', 'TOW']

export function parseRebelOrders(
  state: RrState,
  pack: RebelPack,
  role: string,
  text: string,
  opts: { standingOnly?: boolean } = {},
): Parsed<RrCommand> {
  const out: Parsed<RrCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  const err = (line: number, lineText: string, message: string, suggestion?: string) =>
    out.errors.push({ line, text: lineText, message, ...(suggestion ? { suggestion } : {}) } as LineError)
  const r = newReading(state, pack, sideOf(role), text, out, err)
  for (const l of readScript(text).lines) readLine(r, l, !!opts.standingOnly)
  const placed = priceBuilds(r)
  // Orders that would leave too many pieces together are refused now (6.12): what goes is the player's choice.
  const texts = new Map(readScript(text).lines.map((l) => [l.line, l.text]))
  stackingErrors(state, pack, r.side, out, r.ends, placed, (n) => texts.get(n) ?? '', err)
  if (r.side === 'CSA' && !opts.standingOnly) mustLeaveWarnings(state, out, r.ends)
  return out
}

/** The reading of one mail's orders as it starts: the position, and what cards the orders lay first change. */
function newReading(
  state: RrState,
  pack: RebelPack,
  side: RrPiece['side'],
  text: string,
  out: Parsed<RrCommand>,
  err: OrderReading['err'],
): OrderReading {
  const unionMove = side === 'USA' && state.phase === 'union-move'
  // The pawns as these orders spend them; #24 played in them adds its two at the start (its effect acts first).
  const pawns: Pawns = {
    unionPawns: state.unionPawns,
    seaPawns: state.seaPawns,
    seaTargets: state.seaTargets,
    amphibiousOcean: state.amphibiousOcean,
    extraOcean: state.extraOcean ?? 0,
  }
  if (unionMove && state.cards.USA.hand.includes(24) && /^\s*PLAY\s+#?24\b/im.test(text)) addSeaPawns(pawns)
  return {
    // #52 and #44 written in these orders act from the start of the move: the moves are checked with them.
    state: withOrderedCargo(withOrderedMoveCards(state, text), pack, text),
    base: state,
    pack,
    side,
    out,
    err,
    moved: new Set(),
    ends: new Map(),
    /** The commanders on the map as these orders leave them, line by line (7.4). */
    commanders: structuredClone(state.commanders),
    relieved: { ...state.relieved },
    pawns,
    builds: [],
    lineText: new Map(),
    counterattacks: 0,
    freeCounterattacks: 0,
    // #34 face up, or laid at the start of these orders: one river or land assault without a pawn.
    lightning:
      unionMove && lightningReady(state, state.cards.USA.hand.includes(34) && /^\s*PLAY\s+#?34\b/im.test(text)),
    // 11.8: an assault may start from a space an earlier ASSAULT line takes; resolution checks it is held.
    hoped: { ...state.control },
    discarded: new Set(),
    placements: [],
    played: new Set(),
    lastingEffects: [],
  }
}

/** A standing combat order is read against the position at the phase's start. */
const standingReading = (r: OrderReading): StandingReading => ({
  state: r.base,
  pack: r.pack,
  side: r.side,
  out: r.out,
  err: r.err,
})

/** The lines any side may send at any time, kept until changed. */
const STANDING_READERS: Record<string, (r: OrderReading, l: ScriptLine, rest: string[], raw: string) => void> = {
  REACT: (r, l, rest) => readReactLine(r.base, r.pack, r.side, l, rest, r.out, r.err),
  DEFEND: (r, l, rest) => readDefendLine(r.pack, r.side, l, rest, r.out, r.err),
  AIM: (r, l, rest) => readAimLine(standingReading(r), l, rest),
  SHIELD: (r, l, rest) => readShieldLine(standingReading(r), l, rest),
  RETREAT: (r, l, rest) => readRetreatLine(standingReading(r), l, rest),
  TOW: (r, l, rest) => readTowLine(standingReading(r), l, rest),
  POLICY: (r, l, _rest, raw) => readPolicy(r, l, raw),
  INTERCEPT: (r, l, rest) => readIntercept(r, l, rest),
}

const MOVE_VERBS = ['MOVE', 'ASSAULT', 'TACTICS', 'COUNTERATTACK', 'COMMAND', 'RELIEVE']
const BUILD_VERBS = ['BUILD', 'EXCHANGE', 'DISCARD', 'REFRESH']

/** Reads one line into a command, or says why it cannot be taken. */
function readLine(r: OrderReading, l: ScriptLine, standingOnly: boolean): void {
  const [verb, ...rest] = l.words
  const raw = l.text.split(/\s+/).slice(1).join(' ')
  if (!verb || !REBEL_ORDER_WORDS.includes(verb)) {
    const near = verb ? closest(verb, REBEL_ORDER_WORDS, 1)[0] : undefined
    return r.err(l.line, l.text, `unknown order ${verb ?? ''}; orders are ${REBEL_ORDER_WORDS.join(', ')}`, near)
  }
  const optional = readOptionalOrder(r.base, r.pack, r.side, verb, rest, l.line)
  if (optional !== null) {
    if (typeof optional === 'string') return r.err(l.line, l.text, optional)
    r.out.commands.push(optional.command)
    r.out.normalised.push(optional.normalised)
    return
  }
  if (standingOnly && !STANDING.includes(verb))
    return r.err(l.line, l.text, `it is the other player's phase: only ${STANDING.join(', ')} lines are taken now`)
  const standing = STANDING_READERS[verb]
  if (standing) return standing(r, l, rest, raw)
  const moving = r.base.phase === 'csa-move' || r.base.phase === 'union-move'
  const phase = r.base.phase.replace('-', ' ')
  if (MOVE_VERBS.includes(verb) && !moving && verb !== 'COMMAND' && verb !== 'RELIEVE')
    return r.err(l.line, l.text, `${verb} belongs to a move phase; this is the ${phase} phase`)
  if (BUILD_VERBS.includes(verb) && moving)
    return r.err(l.line, l.text, `${verb} belongs to a build phase; this is the ${phase} phase`)
  phaseLine(r, l, verb, rest, raw)
}

/** The lines of the phasing side's own orders. */
function phaseLine(r: OrderReading, l: ScriptLine, verb: string, rest: string[], raw: string): void {
  if (verb === 'SCRAP') readScrapLine(r.base, r.side, l, rest, r.out, r.err)
  else if (verb === 'PLACE') readPlaceLine(r.base, r.pack, r.side, l, rest, r.placements, r.out, r.err)
  else if (verb === 'PASS') {
    r.out.commands.push({ kind: 'pass', line: l.line })
    r.out.normalised.push('PASS')
  } else if (verb === 'COMMAND' || verb === 'RELIEVE') readCommandLine(r, l, verb, rest)
  else if (verb === 'MOVE') readMoveLine(r, l, rest, raw)
  else if (verb === 'COUNTERATTACK') readCounterattack(r, l, rest)
  else if (verb === 'TACTICS') readTactics(r, l, rest)
  else if (verb === 'ASSAULT') readAssault(r, l, rest)
  else if (verb === 'EXCHANGE') readExchange(r, l, rest)
  else if (verb === 'PLAY') readPlay(r, l, rest)
  else if (verb === 'DISCARD' || verb === 'REFRESH') readDiscard(r, l, verb, rest)
  else readBuild(r, l, rest)
}

/** Prices the build lines together (14.2-14.3, 15.3-15.4) and warns of a hand over six; returns the pieces placed now. */
function priceBuilds(r: OrderReading): RrPiece[] {
  const { base: state, side, out } = r
  const placed: RrPiece[] = []
  let bought = 0
  if (r.builds.length) {
    const exchanged = out.commands.reduce((n, c) => n + (c.kind === 'exchange' ? c.points : 0), 0)
    const ctx = buildContext(state, r.pack, exchanged, r.lastingEffects, side, r.placements)
    const plan = planBuilds(side, r.builds, ctx)
    for (const e of plan.errors) r.err(e.line, r.lineText.get(e.line) ?? '', e.message)
    plan.now.forEach((n, i) => placed.push({ id: `new ${n.type} ${i + 1}`, side, type: n.type, at: n.at }))
    bought = plan.cards
  }
  if (state.phase.endsWith('build')) {
    const kept =
      state.cards[side].hand.length +
      bought -
      out.commands.reduce((n, c) => n + (c.kind === 'discard' && !c.refresh ? c.cards.length : 0), 0)
    if (kept > HAND_LIMIT)
      out.warnings.push({
        line: 0,
        text: '',
        message: `your hand would hold ${kept} cards after this build; unless you DISCARD ${kept - HAND_LIMIT} more, you are asked which go, by default the highest-numbered (14.41, ruling RR-K1)`,
      })
  }
  return placed
}
