// Rebel Raiders orders, one a line (digest 6.3, our own words): a phase's moves, assaults and builds,
// and the standing orders either side may send at any time. Each line is read by the declared
// grammar (orderGrammar.ts), refused when it belongs to another phase, and checked by its reader
// against the position at the start of the phase, as the resolution will.
import type { LineError, Parsed } from '../contract.ts'
import { parseLine, type Vocabularies } from '../kit/grammar.ts'
import { readScript, type ScriptLine } from '../../orders/script.ts'
import { planBuilds } from './builds.ts'
import { readRetreatLine, readScrapLine, readTowLine, stackingErrors } from './stackingOrders.ts'
import type { RebelPack } from './pack.ts'
import { buildContext } from './position.ts'
import { HAND_LIMIT } from './cards.ts'
import { readReactLine } from './reactOrders.ts'
import { readDefendLine } from './defenceTactics.ts'
import { type RrPiece, type RrState, sideOf } from './state.ts'
import { readCommandLine, readMoveLine } from './orderMoves.ts'
import { spacedRaidCounts } from './orderPath.ts'
import { addSeaPawns, type Pawns } from './pawns.ts'
import { lightningReady } from './landCards.ts'
import { withOrderedMoveCards } from './moveCards.ts'
import { withOrderedCargo } from './cargoCards.ts'
import type { Args, RrCommand } from './orderTypes.ts'
import { readOptionalOrder } from './optionalOrders.ts'
import { readPlaceLine } from './arrivals.ts'
import { readAimLine, readShieldLine, type StandingReading } from './aims.ts'
import { mustLeaveWarnings } from './escapes.ts'
import { RR_GRAMMAR } from './orderGrammar.ts'
import { rebelVocabularies } from './orderVocab.ts'
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
export { REBEL_ORDER_WORDS } from './orderGrammar.ts'

/** What the side whose phase it is not may send: its standing orders. */
const STANDING = ['react', 'policy', 'intercept', 'defend', 'retreat', 'aim', 'shield', 'tow']

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
  const vocabs = rebelVocabularies(state, pack)
  for (const l of readScript(text).lines) readLine(r, vocabs, l, !!opts.standingOnly)
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
const STANDING_READERS: Record<string, (r: OrderReading, l: ScriptLine, a: Args) => void> = {
  react: (r, l, a) => readReactLine(r.base, r.pack, r.side, l, a, r.out, r.err),
  defend: (r, l, a) => readDefendLine(r.side, l, a, r.out, r.err),
  aim: (r, l, a) => readAimLine(standingReading(r), l, a),
  shield: (r, l, a) => readShieldLine(standingReading(r), l, a),
  retreat: (r, l, a) => readRetreatLine(standingReading(r), l, a),
  tow: (r, l, a) => readTowLine(standingReading(r), l, a),
  policy: (r, l, a) => readPolicy(r, l, a.policy as string),
  intercept: (r, l, a) => readIntercept(r, l, a),
}

/** The lines of the phasing side's own orders. */
const PHASE_READERS: Record<string, (r: OrderReading, l: ScriptLine, a: Args) => void> = {
  scrap: (r, l, a) => readScrapLine(r.base, r.side, l, a.pieces as string[], r.out, r.err),
  place: (r, l, a) => readPlaceLine(r.base, r.pack, r.side, l, a.at as string, r.placements, r.out, r.err),
  pass: (r, l) => {
    r.out.commands.push({ kind: 'pass', line: l.line })
    r.out.normalised.push('PASS')
  },
  command: (r, l, a) => readCommandLine(r, l, 'COMMAND', a),
  relieve: (r, l, a) => readCommandLine(r, l, 'RELIEVE', a),
  move: (r, l, a) => readMoveLine(r, l, a),
  counterattack: readCounterattack,
  tactics: readTactics,
  assault: readAssault,
  exchange: readExchange,
  play: readPlay,
  discard: (r, l, a) => readDiscard(r, l, 'DISCARD', a),
  refresh: (r, l, a) => readDiscard(r, l, 'REFRESH', a),
  build: readBuild,
}

const MOVE_ONLY = ['move', 'assault', 'tactics', 'counterattack']
const BUILD_ONLY = ['build', 'exchange', 'discard', 'refresh']

/** Reads one line into a command, or says why it cannot be taken. */
function readLine(r: OrderReading, vocabs: Vocabularies, l: ScriptLine, standingOnly: boolean): void {
  const read = parseLine(RR_GRAMMAR, vocabs, spacedRaidCounts(l.text))
  if (!read.ok) return r.err(l.line, l.text, read.error.message, read.error.suggestion)
  const { form, args } = read.order
  const verb = form.toUpperCase()
  const optional = readOptionalOrder(r.base, r.pack, r.side, form, args, l.line)
  if (optional !== null) {
    if (typeof optional === 'string') return r.err(l.line, l.text, optional)
    r.out.commands.push(optional.command)
    r.out.normalised.push(optional.normalised)
    return
  }
  if (standingOnly && !STANDING.includes(form))
    return r.err(
      l.line,
      l.text,
      `it is the other player's phase: only ${STANDING.map((f) => f.toUpperCase()).join(', ')} lines are taken now`,
    )
  const standing = STANDING_READERS[form]
  if (standing) return standing(r, l, args)
  const moving = r.base.phase === 'csa-move' || r.base.phase === 'union-move'
  const phase = r.base.phase.replace('-', ' ')
  if (MOVE_ONLY.includes(form) && !moving)
    return r.err(l.line, l.text, `${verb} belongs to a move phase; this is the ${phase} phase`)
  if (BUILD_ONLY.includes(form) && moving)
    return r.err(l.line, l.text, `${verb} belongs to a build phase; this is the ${phase} phase`)
  PHASE_READERS[form]!(r, l, args)
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
