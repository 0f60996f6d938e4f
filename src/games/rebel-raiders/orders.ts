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
//   AIM <ship|type|ALL> AT <ship|type>[,...] | AIM <...> OFF          (standing: targets in order of preference, 10.32)
//   SHIELD <ship> WITH <ship> | SHIELD <ship> NONE                     (Union, standing: the shield against batteries, 10.21)
//   PASS                                                               (nothing this phase)
//   ROLL INDUSTRY|CONSCRIPTION, LEE AT <space>|ALL, REFRESH at an open-cards 1862 start (optionalOrders.ts)
// Each line is checked against the position at the start of the phase, as the resolution will.
import type { LineError, Parsed } from '../contract.ts'
import { closest, readScript } from '../../orders/script.ts'
import { assaultProblem, counterattackProblem, tacticsAllowed, tacticsProblem } from './assault.ts'
import { planBuilds } from './builds.ts'
import type { Buildable, BuildOrder } from './buildTypes.ts'
import { parseBattlePolicy } from './policies.ts'
import { readRetreatLine, readScrapLine, stackingErrors } from './stackingOrders.ts'
import type { RebelPack } from './pack.ts'
import { buildContext } from './position.ts'
import { CARD_EFFECTS } from './cardEffects.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { HAND_LIMIT } from './cards.ts'
import { type PlayOrder, playProblem } from './plays.ts'
import { readReactLine } from './reactOrders.ts'
import { readDefendLine } from './defenceTactics.ts'
import { type RrPiece, type RrState, sideOf } from './state.ts'
import { discardProblem } from './cards.ts'
import { type MoveReading, readCommandLine, readMoveLine } from './orderMoves.ts'
import { addSeaPawns, type Pawns, pawnFor, spendPawn } from './pawns.ts'
import { lightningReady } from './landCards.ts'
import { withOrderedMoveCards } from './moveCards.ts'
import { withOrderedCargo } from './cargoCards.ts'

import type { RrCommand } from './orderTypes.ts'
import { readOptionalOrder } from './optionalOrders.ts'
import { readPlaceLine } from './arrivals.ts'
import { readAimLine, readShieldLine } from './aims.ts'
import { mustLeaveWarnings } from './escapes.ts'

export type { RrCommand } from './orderTypes.ts'

const VERBS = [
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
  'ROLL',
  'LEE',
]
/** What the side whose phase it is not may send: its standing orders. */
const STANDING = ['REACT', 'POLICY', 'INTERCEPT', 'DEFEND', 'RETREAT', 'AIM', 'SHIELD']
const BUILDABLE: Buildable[] = [
  'raider',
  'gunboat',
  'runner',
  'ironclad',
  'battery',
  'sloop',
  'counterattack',
  'pawn',
  'card',
  'hunts',
  'upgrade',
  'militia',
  'repair',
]

export function parseRebelOrders(
  state: RrState,
  pack: RebelPack,
  role: string,
  text: string,
  opts: { standingOnly?: boolean } = {},
): Parsed<RrCommand> {
  const out: Parsed<RrCommand> = { commands: [], normalised: [], errors: [], warnings: [] }
  const side = sideOf(role)
  const moving = state.phase === 'csa-move' || state.phase === 'union-move'
  const err = (line: number, lineText: string, message: string, suggestion?: string) =>
    out.errors.push({ line, text: lineText, message, ...(suggestion ? { suggestion } : {}) } as LineError)
  const moved = new Set<string>()
  const builds: BuildOrder[] = []
  const lineText = new Map<number, string>()
  const ends = new Map<string, string>()
  /** The commanders on the map as these orders leave them, line by line (7.4). */
  const commanders: Record<string, string[]> = structuredClone(state.commanders)
  const relieved: Record<string, number> = { ...state.relieved }
  let counterattacks = 0
  let freeCounterattacks = 0
  // The pawns as these orders spend them; #24 played in them adds its two at the start (its effect acts first).
  const pawns: Pawns = {
    unionPawns: state.unionPawns,
    seaPawns: state.seaPawns,
    seaTargets: state.seaTargets,
    amphibiousOcean: state.amphibiousOcean,
    extraOcean: state.extraOcean ?? 0,
  }
  if (
    side === 'USA' &&
    state.phase === 'union-move' &&
    state.cards.USA.hand.includes(24) &&
    /^\s*PLAY\s+#?24\b/im.test(text)
  )
    addSeaPawns(pawns)
  // #34 face up, or laid at the start of these orders: one river or land assault without a pawn.
  let lightning =
    side === 'USA' &&
    state.phase === 'union-move' &&
    lightningReady(state, state.cards.USA.hand.includes(34) && /^\s*PLAY\s+#?34\b/im.test(text))
  // 11.8: an assault may start from a space an earlier ASSAULT line takes; resolution checks it is held.
  const hoped = { ...state.control }
  // #52 and #44 written in these orders act from the start of the move: the moves are checked with them.
  const reading: MoveReading = {
    state: withOrderedCargo(withOrderedMoveCards(state, text), pack, text),
    pack,
    side,
    out,
    err,
    moved,
    ends,
    commanders,
    relieved,
    pawns,
  }
  const discarded = new Set<number>()
  const placements: string[] = []
  const played = new Set<number>()
  const lastingEffects: string[] = []
  for (const l of readScript(text).lines) {
    const [verb, ...rest] = l.words
    const raw = l.text.split(/\s+/).slice(1).join(' ')
    if (!verb || !VERBS.includes(verb)) {
      const near = verb ? closest(verb, VERBS, 1)[0] : undefined
      err(l.line, l.text, `unknown order ${verb ?? ''}; orders are ${VERBS.join(', ')}`, near)
      continue
    }
    const optional = readOptionalOrder(state, pack, side, verb, rest, l.line)
    if (optional !== null) {
      if (typeof optional === 'string') err(l.line, l.text, optional)
      else {
        out.commands.push(optional.command)
        out.normalised.push(optional.normalised)
      }
      continue
    }
    if (opts.standingOnly && !STANDING.includes(verb)) {
      err(l.line, l.text, `it is the other player's phase: only ${STANDING.join(', ')} lines are taken now`)
      continue
    }
    if (verb === 'REACT') {
      readReactLine(state, pack, side, l, rest, out, err)
      continue
    }
    if (verb === 'DEFEND') {
      readDefendLine(pack, side, l, rest, out, err)
      continue
    }
    if (verb === 'AIM') {
      readAimLine(l, rest, out, err)
      continue
    }
    if (verb === 'SHIELD') {
      readShieldLine(side, l, rest, out, err)
      continue
    }
    if (verb === 'RETREAT') {
      readRetreatLine(pack, side, l, rest, out, err)
      continue
    }
    if (verb === 'SCRAP') {
      readScrapLine(state, side, l, rest, out, err)
      continue
    }
    if (verb === 'PLACE') {
      readPlaceLine(state, pack, side, l, rest, placements, out, err)
      continue
    }
    if (verb === 'PASS') {
      out.commands.push({ kind: 'pass', line: l.line })
      out.normalised.push('PASS')
      continue
    }
    if ((verb === 'MOVE' || verb === 'ASSAULT' || verb === 'TACTICS' || verb === 'COUNTERATTACK') && !moving) {
      err(l.line, l.text, `${verb} belongs to a move phase; this is the ${state.phase.replace('-', ' ')} phase`)
      continue
    }
    if ((verb === 'BUILD' || verb === 'EXCHANGE' || verb === 'DISCARD' || verb === 'REFRESH') && moving) {
      err(l.line, l.text, `${verb} belongs to a build phase; this is the ${state.phase.replace('-', ' ')} phase`)
      continue
    }
    if (verb === 'COMMAND' || verb === 'RELIEVE') {
      readCommandLine(reading, l, verb, rest)
      continue
    }
    if (verb === 'MOVE') {
      readMoveLine(reading, l, rest, raw)
      continue
    }
    if (verb === 'POLICY') {
      const p = parseBattlePolicy(raw)
      if (typeof p === 'string') err(l.line, l.text, p)
      else if (p.event === 'DEFENCE' && side !== 'CSA')
        err(l.line, l.text, 'only the Confederate defender chooses shelter, sortie or combined (10.12)')
      else if (p.event === 'DEFENCE' && p.scope !== 'ALL' && !pack.map.has(p.scope))
        err(l.line, l.text, `ON DEFENCE names a port or fort: no space ${p.scope} on the map`)
      else {
        out.commands.push({ kind: 'policy', line: l.line, policy: p })
        out.normalised.push(`${p.text} (stands until replaced)`)
      }
      continue
    }
    if (verb === 'INTERCEPT') {
      const m = /^(STACK|EACH)(?:\s+AT\s+(\S+))?$/.exec(rest.join(' '))
      const at = m?.[2] ?? 'ALL'
      if (side !== 'USA') err(l.line, l.text, 'only the Union intercepts (7.78)')
      else if (!m) err(l.line, l.text, 'write INTERCEPT STACK or INTERCEPT EACH, optionally AT <station>')
      else if (at !== 'ALL' && (!pack.map.has(at) || pack.map.space(at).kind !== 'blockadeStation'))
        err(l.line, l.text, `${at} is not a blockade station: a stack die is rolled only in one (7.78)`)
      else {
        const how = m[1] === 'STACK' ? 'stack' : 'each'
        out.commands.push({ kind: 'intercept', line: l.line, how, at })
        out.normalised.push(`INTERCEPT ${m[1]}${at === 'ALL' ? '' : ` AT ${at}`} (stands until changed)`)
      }
      continue
    }
    if (verb === 'COUNTERATTACK') {
      const m = /^(\S+)\s+FROM\s+(\S+)$/.exec(rest.join(' '))
      if (side !== 'CSA') err(l.line, l.text, 'only the Confederacy counterattacks (11.9)')
      else if (!m) err(l.line, l.text, 'write COUNTERATTACK <target> FROM <space>')
      else if (++counterattacks > state.csaPawns + freeCounterattacks)
        err(
          l.line,
          l.text,
          `a counterattack needs the grey pawn bought last turn, or a card played before it; ${state.csaPawns + freeCounterattacks} left (11.9, 14.24)`,
        )
      else {
        const problem = counterattackProblem(pack.map, state.control, m[1]!, m[2]!)
        if (problem) err(l.line, l.text, problem)
        else {
          out.commands.push({ kind: 'counterattack', line: l.line, target: m[1]!, from: m[2]! })
          out.normalised.push(`COUNTERATTACK ${m[1]} FROM ${m[2]}`)
        }
      }
      continue
    }
    if (verb === 'ASSAULT' || verb === 'TACTICS') {
      if (side !== 'USA') {
        err(
          l.line,
          l.text,
          'only the Union assaults (11); the Confederacy counterattacks: COUNTERATTACK <target> FROM <space>',
        )
        continue
      }
      const most = tacticsAllowed(state)
      if (verb === 'TACTICS') {
        const n = Number(rest[1])
        if (!rest[0] || !/^\d+$/.test(rest[1] ?? '')) {
          err(l.line, l.text, `write TACTICS <target> <0-${most}>`)
          continue
        }
        const problem = tacticsProblem(state, n)
        if (problem) {
          err(l.line, l.text, problem)
          continue
        }
        out.commands.push({ kind: 'tactics', line: l.line, target: rest[0], tactics: n })
        out.normalised.push(`TACTICS ${rest[0]} ${n}`)
        continue
      }
      const m = /^(\S+)\s+FROM\s+(\S+)(?:\s+TACTICS\s+(\d+))?$/.exec(rest.join(' '))
      if (!m) {
        err(l.line, l.text, `write ASSAULT <target> FROM <space> [TACTICS <0-${most}>]`)
        continue
      }
      const [, target, from, t] = m
      const tacticsWrong = tacticsProblem(state, Number(t ?? 0))
      if (tacticsWrong) {
        err(l.line, l.text, tacticsWrong)
        continue
      }
      // Over a land line when there is one: it ignores the ships in the target (11.4).
      const kind = pack.map.between(from!, target!).includes('land') ? 'land' : 'river'
      const problem =
        assaultProblem(pack.map, { ...hoped, [target!]: state.control[target!] }, target!, kind, from!) ??
        assaultForbidden(state, pack, target!)
      if (problem) {
        err(l.line, l.text, problem)
        continue
      }
      const free = lightning
      const use = free ? 'normal' : pawnFor(pawns, pack, target!, false)
      if (use !== 'sea' && use !== 'normal') {
        err(l.line, l.text, `no pawn for this assault: ${use}; ${state.unionPawns} this turn`)
        continue
      }
      if (free) lightning = false
      else spendPawn(pawns, pack, target!, use, false)
      out.commands.push({ kind: 'assault', line: l.line, target: target!, from: from!, tactics: Number(t ?? 0) })
      hoped[target!] = 'USA'
      out.normalised.push(`ASSAULT ${target} FROM ${from} (${kind})${t ? ` TACTICS ${t}` : ''}`)
      continue
    }
    if (verb === 'EXCHANGE') {
      const n = Number(rest[0])
      if (side !== 'CSA' || !Number.isInteger(n) || n < 1 || n > 10) {
        err(l.line, l.text, side !== 'CSA' ? 'only the Confederacy exchanges points (14.3)' : 'write EXCHANGE <1-10>')
        continue
      }
      out.commands.push({ kind: 'exchange', line: l.line, points: n })
      out.normalised.push(`EXCHANGE ${n} (${5 * n} VP for ${n} special build points)`)
      continue
    }
    if (verb === 'PLAY') {
      const m = /^(\d+)(?:\s+AT\s+(\S+))?$/.exec(rest.join(' '))
      if (!m) {
        err(l.line, l.text, 'write PLAY <card number> [AT <space>], e.g. PLAY 84')
        continue
      }
      const play: PlayOrder = { line: l.line, card: Number(m[1]), ...(m[2] ? { at: m[2] } : {}) }
      const problem = played.has(play.card) ? `#${play.card} is played twice` : playProblem(state, pack, side, play)
      if (problem) {
        err(l.line, l.text, problem)
        continue
      }
      played.add(play.card)
      const lasting = CARD_EFFECTS[play.card]?.lasting
      if (lasting) lastingEffects.push(lasting)
      if (CARD_EFFECTS[play.card]?.givesCounterattack) freeCounterattacks++
      out.commands.push({ kind: 'play', ...play })
      out.normalised.push(`PLAY #${play.card} ${pack.cards.get(play.card)!.name}${play.at ? ` AT ${play.at}` : ''}`)
      continue
    }
    if (verb === 'DISCARD' || verb === 'REFRESH') {
      const problem = discardProblem(state, side, verb, rest, discarded)
      if (typeof problem === 'string') {
        err(l.line, l.text, problem)
        continue
      }
      for (const c of problem) discarded.add(c)
      out.commands.push({ kind: 'discard', line: l.line, cards: problem, refresh: verb === 'REFRESH' })
      out.normalised.push(`${verb} ${problem.map((c) => `#${c} ${pack.cards.get(c)?.name ?? ''}`.trim()).join(', ')}`)
      continue
    }
    // BUILD
    const m = /^([A-Z]+)(?:\s+AT\s+(\S+))?(\s+SPECIAL)?(\s+FREE)?$/.exec(rest.join(' '))
    const what = m?.[1]?.toLowerCase() as Buildable | undefined
    if (!m || !what || !BUILDABLE.includes(what)) {
      err(l.line, l.text, `write BUILD <${BUILDABLE.join('|')}> [AT <space>] [SPECIAL] [FREE]`)
      continue
    }
    const free = m[4] ? { free: true } : {}
    const order: BuildOrder = {
      line: l.line,
      what,
      ...(m[2] ? { at: m[2] } : {}),
      ...(m[3] ? { special: true } : {}),
      ...free,
    }
    lineText.set(l.line, l.text)
    builds.push(order)
    out.commands.push({ kind: 'build', line: l.line, what, ...(m[2] ? { at: m[2] } : {}), special: !!m[3], ...free })
    out.normalised.push(
      `BUILD ${what.toUpperCase()}${m[2] ? ` AT ${m[2]}` : ''}${m[3] ? ' SPECIAL' : ''}${m[4] ? ' FREE' : ''}`,
    )
  }
  const placed: RrPiece[] = []
  let bought = 0
  if (builds.length) {
    const exchanged = out.commands.reduce((n, c) => n + (c.kind === 'exchange' ? c.points : 0), 0)
    const plan = planBuilds(side, builds, buildContext(state, pack, exchanged, lastingEffects, side, placements))
    for (const e of plan.errors) err(e.line, lineText.get(e.line) ?? '', e.message)
    plan.now.forEach((n, i) => placed.push({ id: `new ${n.type} ${i + 1}`, side, type: n.type, at: n.at }))
    bought = plan.cards
  }
  if (!moving) {
    const kept =
      state.cards[side].hand.length +
      bought -
      [...out.commands].reduce((n, c) => n + (c.kind === 'discard' && !c.refresh ? c.cards.length : 0), 0)
    if (kept > HAND_LIMIT)
      out.warnings.push({
        line: 0,
        text: '',
        message: `your hand would hold ${kept} cards after this build; unless you DISCARD ${kept - HAND_LIMIT} more, the highest-numbered go (14.41, ruling RR-K1)`,
      })
  }
  // Orders that would leave too many pieces together are refused now (6.12): what goes is the player's choice.
  const texts = new Map(readScript(text).lines.map((l) => [l.line, l.text]))
  stackingErrors(state, pack, side, out, ends, placed, (n) => texts.get(n) ?? '', err)
  if (side === 'CSA' && !opts.standingOnly) mustLeaveWarnings(state, out, ends)
  return out
}
