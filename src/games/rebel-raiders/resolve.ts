// One Rebel Raiders phase resolved (RB 5): the moves in the order written, with what they run into
// (speed rolls, searches, raids, fights, assaults), the Confederate supply after his move, the
// builds, and the victory check after the Union's build, with the cards played and drawn on the
// way. Everything on the board is public; what a hand holds is told to its owner alone (cards.ts).
import { rerollSupply } from './cardEffects.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { answerSupply, endTurnBonuses, standReaction } from './reactions.ts'
import { playCard, playsFirst } from './plays.ts'
import { buildDrawCount, drawCards, endOfBuildDiscards, returnHeldAside } from './cards.ts'
import { onlyRoles, PUBLIC } from '../contract.ts'
import { UNION_FREE_GUNBOATS, planBuilds } from './builds.ts'
import type { BuildOrder } from './buildTypes.ts'
import { overStacked } from './stacking.ts'
import type { RrCommand } from './orderTypes.ts'
import { buildContext } from './position.ts'
import type { PieceType, Side } from './setup.ts'
import { type CardBonus, type RrPiece, roleOf } from './state.ts'
import { clampVp, supplyDiceCount, supplyLoss, unionVictory, witheringForts, witheringVp } from './supply.ts'
import type { PhaseRun } from './phaseRun.ts'
import { placeCommander, pruneCommands, relieveCommander } from './commanders.ts'
import { ironcladDesign, mississippiBonus, suddenDeath } from './optionalRules.ts'
import { pawnFor, spendPawn } from './pawns.ts'
import { pruneNames } from './namedShips.ts'
import { buildStart } from './cardMoments.ts'
import { moveConfederate, moveUnion } from './moves.ts'
import { towsAfterMoves } from './stack.ts'
import { markPlaced, placeArrivals } from './arrivals.ts'
import { leaveByDefault } from './escapes.ts'
import { standAim } from './aims.ts'
import { maximillianRunner, maximillianSupply, royalNavy } from './diplomacyCards.ts'
import { lightningReady } from './landCards.ts'
import { type CardBuildRoom, redRiverFiasco, redRiverReturn } from './heldShips.ts'
import { assault, counterattack } from './landCombat.ts'
import { openConfederateBuild, openUnionBuild, openUnionMove } from './phaseOpenings.ts'
import { freeUnionPawns } from './unionResolve.ts'
import { optionalFirst } from './optionalOrders.ts'
import { optionalBought } from './unionOptions.ts'

/** RB 13: withering, then the wear and tear of war; the points are capped at 50 at the end. */
function supply(run: PhaseRun): void {
  answerSupply(run)
  for (const w of witheringForts(run.pack.map, run.s.control)) {
    const r = witheringVp(run.dice, w.fort, w.from)
    run.s.control[w.fort] = w.to
    run.remove(run.piecesAt(w.fort, w.from).map((p) => p.id))
    run.vp(
      r.vp,
      '13.12',
      `${run.name(w.fort)} withers on the vine and goes to the ${w.to === 'USA' ? 'Union' : 'Confederacy'} (dice ${r.dice.join(', ')})`,
    )
  }
  const need = supplyDiceCount(run.pack.map, run.s.control)
  const loss = maximillianSupply(run, rerollSupply(run, supplyLoss(run.dice, need.count)))
  run.vp(
    loss.vp,
    '13.21',
    `Wear and tear of war: ${need.count} die${need.count > 1 ? 'ice' : ''} (${loss.dice.join(', ')})${need.reasons.length ? `, as ${need.reasons.join(', ')}` : ''}`,
  )
  if (run.s.vp > 50) {
    run.s.vp = clampVp(run.s.vp)
    run.say('13.23', 'The Confederate points are capped at 50.')
  }
}

const buildOrdersOf = (commands: RrCommand[]): BuildOrder[] =>
  commands
    .filter((c): c is Extract<RrCommand, { kind: 'build' }> => c.kind === 'build')
    .map((c) => ({
      line: c.line,
      what: c.what,
      ...(c.at ? { at: c.at } : {}),
      ...(c.special ? { special: true } : {}),
      ...(c.free ? { free: true } : {}),
    }))

/** The builds the Union's written orders leave unspent, which #62 and #76 may build their ships new with (RR-K16). */
function unionBuildRoom(run: PhaseRun, commands: RrCommand[]): CardBuildRoom & { start: number } {
  const ctx = { ...buildContext(run.s, run.pack, 0, [], 'USA'), specialPoints: 0 }
  const idle = planBuilds('USA', [], ctx).buildsLeft
  const left = planBuilds('USA', buildOrdersOf(commands), ctx).buildsLeft
  const cost = (type: PieceType) => {
    const one = planBuilds('USA', [{ line: 0, what: type as BuildOrder['what'], at: 'NAVY' }], ctx)
    const n = idle - one.buildsLeft
    return one.errors.length || n <= 0 ? null : n
  }
  return { left, start: left, cost }
}

function builds(run: PhaseRun, side: Side, commands: RrCommand[], cardBuilds = 0): void {
  const exchanged = commands.reduce((n, c) => n + (c.kind === 'exchange' ? c.points : 0), 0)
  if (exchanged) run.vp(-5 * exchanged, '14.31', `${exchanged} special build point(s) bought`)
  const plan = planBuilds(side, buildOrdersOf(commands), {
    ...buildContext(run.s, run.pack, 0, [], side),
    specialPoints: exchanged,
    ...(cardBuilds ? { cardBuilds } : {}),
  })
  for (const e of plan.errors) run.say('14', `Build order on line ${e.line} not carried out: ${e.message}.`)
  for (const n of plan.now) {
    if (n.type === 'battery' && run.holder(n.at) === 'neutral') {
      // The Confederacy takes Kentucky by a battery and pays for the violation (12.3, 12.31).
      const a = run.dice.roll('Kentucky violated: first die', 6, PUBLIC)
      const b = run.dice.roll('Kentucky violated: second die', 6, PUBLIC)
      run.s.control[n.at] = 'CSA'
      run.vp(-Math.abs(a - b), '12.31', `The Confederacy takes uncommitted ${run.name(n.at)} (dice ${a}, ${b})`)
    }
    run.say(
      side === 'CSA' ? '14.24' : '15.41',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${n.type} ${run.add(side, n.type, n.at).id} built in ${run.name(n.at)}.`,
      n.at,
    )
  }
  for (const n of plan.nextTurn) {
    if (n.type === 'hunts' || n.type === 'upgrade' || n.type === 'militia' || n.type === 'repair') {
      optionalBought(run, n.type, n.at)
      continue
    }
    if (n.type === 'pawn') run.s.pawnsNext += 1
    else if (n.type === 'counterattack') run.s.csaPawnsNext += 1
    else if (side === 'USA' && n.type === 'ironclad') {
      const built = ironcladDesign(run)
      run.s.arriving.push({ turn: run.s.turn + 1 + built.delay, side, type: built.type, at: n.at })
    } else run.s.arriving.push({ turn: run.s.turn + 1, side, type: n.type, at: n.at })
    run.say(
      side === 'CSA' ? '14.24' : '15.43',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${n.type === 'pawn' ? 'extra assault' : n.type} ordered for next turn.`,
    )
  }
  if (plan.vp) run.vp(plan.vp, side === 'CSA' ? '14.24' : '18.24', side === 'CSA' ? 'Raider built' : 'Free Union ships')
  if (plan.cards) {
    const drawn = drawCards(run, side, plan.cards, side === 'CSA' ? '14.32' : '15.44', 'bought with builds')
    run.s.cards[side].bought.push(...drawn)
  }
  // 14.4, 15.5: discards to six, and in December the winter refresh.
  const named = commands.flatMap((c) => (c.kind === 'discard' && !c.refresh ? c.cards : []))
  const refresh = commands.flatMap((c) => (c.kind === 'discard' && c.refresh ? c.cards : []))
  endOfBuildDiscards(run, side, named, refresh)
}

/** Pieces due this turn take their places (14.22, 15.22): Confederate ironclads in the ports their player names, Union ones where built. */
function arrivals(run: PhaseRun, side: Side, commands: RrCommand[]): void {
  const chosen = commands.flatMap((c) => (c.kind === 'place' ? [c.at] : []))
  const placed = placeArrivals(run.s, run.pack, side, chosen)
  run.s.arriving = run.s.arriving.filter((a) => !placed.some((p) => p.piece === a))
  for (const { piece, at, chosen: named } of placed) {
    if (!at) {
      run.say('14.22', `No Confederate port is left for the new ironclad: it is lost.`)
      continue
    }
    if (piece.type === 'ironclad') markPlaced(run.s, side, at)
    run.say(
      side === 'CSA' ? '14.22' : '15.22',
      `${side === 'CSA' ? 'Confederate' : 'Union'} ${piece.type} ${run.add(side, piece.type, at).id} arrives in ${run.name(at)}.`,
      at,
    )
    if (side === 'CSA' && !named)
      run.tell(
        onlyRoles(roleOf('CSA')),
        '14.22',
        `No PLACE IRONCLAD line named a port for it: it took the first Confederate port without a new ironclad, ${run.name(at)}.`,
      )
  }
}

/** The pieces their owner scraps at the start of his phase to make room (6.12). */
function scrap(run: PhaseRun, side: Side, commands: RrCommand[]): void {
  for (const c of commands)
    if (c.kind === 'scrap')
      for (const id of c.pieces) {
        const p = run.s.pieces.find((x) => x.id === id && x.side === side)
        if (!p) continue
        run.remove([id])
        run.say('6.12', `${id} is scrapped by its owner in ${run.name(p.at)} to make room.`, p.at)
      }
}

/** Pieces over a stacking limit after a phase are lost, the latest to arrive first (6.12). */
function enforceStacking(run: PhaseRun): void {
  for (const { piece, why } of overStacked(run.s.pieces, run.pack, run.arrived)) {
    const gone = stackingChoice(run, piece, why)
    run.remove([gone.id])
    run.say('6.12', `${gone.id} is removed: ${why}.`, gone.at)
  }
}

/**
 * Which piece goes when a phase leaves one side over a limit the orders could not foresee (6.12: the
 * owner's choice): a question to the owner, its default the last to arrive.
 */
function stackingChoice(run: PhaseRun, piece: RrPiece, why: string): RrPiece {
  const kind = (p: RrPiece) => (p.type === 'battery' || p.type === 'runner' ? p.type : 'warship')
  const group = run.s.pieces.filter((p) => p.at === piece.at && p.side === piece.side && kind(p) === kind(piece))
  const id = run.ask({
    decisionId: `stacking-${piece.at}-${kind(piece)}-${group.length}-turn-${run.s.turn}-${run.s.phase}`,
    role: roleOf(piece.side),
    question: `${why}: which of your pieces there is eliminated?`,
    options: group.map((p) => ({ id: p.id, label: `${p.id} (${p.type})` })),
    defaultOption: piece.id,
    situation: [
      `${run.name(piece.at)}: ${group.map((p) => p.id).join(', ')}.`,
      `Without an answer ${piece.id}, the last to arrive, is eliminated.`,
    ],
  })
  return group.find((p) => p.id === id) ?? piece
}

/** Resolves the open phase with the phasing side's orders. */
/** The moment a card played for later in the phase waits for, in words. */
const MOMENT: Record<CardBonus['on'], (at: string) => string> = {
  assault: (at) => `assault on ${at}`,
  unload: (at) => `cargo landed by ${at}`,
  supply: () => 'supply roll',
  counterattack: () => 'counterattack',
  reroll: (at) => `assault on ${at}`,
  battle: (at) => (at === 'ANY' ? 'battle' : `battle for ${at}`),
  again: (at) => `repulse at ${at}`,
  next: (at) => `won assault next to ${at}`,
  artillery: () => '2-VP cargo landed',
}

export function resolvePhase(run: PhaseRun, commands: RrCommand[], otherSide: RrCommand[] = []): void {
  const phasing: Side = run.s.phase.startsWith('csa') ? 'CSA' : 'USA'
  optionalFirst(run, phasing === 'CSA' ? { CSA: commands, USA: otherSide } : { USA: commands, CSA: otherSide })
  standingOrders(run, phasing === 'CSA' ? 'USA' : 'CSA', otherSide)
  standingOrders(run, phasing, commands)
  resolveCommands(run, commands)
  // A battle card waited in the hand, unseen by the other side (battleCards.ts); the others left it when played.
  for (const b of run.s.pending)
    if (b.on === 'battle')
      run.tell(
        onlyRoles(roleOf(run.pack.cards.get(b.card)!.side)),
        `#${b.card}`,
        `#${b.card} ${run.cardName(b.card)} found no ${MOMENT[b.on](b.at)} this phase and stays in your hand.`,
      )
    else
      run.say(
        `#${b.card}`,
        `#${b.card} ${run.cardName(b.card)} found no ${MOMENT[b.on](b.at)} this phase and is spent.`,
      )
  run.s.pending = []
  enforceStacking(run)
  pruneCommands(run)
  pruneNames(run)
  suddenDeath(run)
}

/** A commander placed or relieved where the order stands among the moves (7.4); whether the command was one. */
function commandOrder(run: PhaseRun, side: Side, c: RrCommand): boolean {
  if (c.kind === 'command') placeCommander(run, side, c.name, c.ships, c.line)
  else if (c.kind === 'relieve') relieveCommander(run, c.name, 'relieved by his side (7.4)')
  else return false
  return true
}

/** Standing choices take effect at once and stand until changed: battle orders, interception, reactions. */
function standingOrders(run: PhaseRun, side: Side, commands: RrCommand[]): void {
  const s = run.s
  for (const c of commands)
    if (c.kind === 'policy')
      s.policies[side] = [
        ...s.policies[side].filter((p) => p.scope !== c.policy.scope || p.event !== c.policy.event),
        c.policy,
      ]
    else if (c.kind === 'intercept') {
      if (c.at === 'ALL') s.intercept = {}
      s.intercept[c.at] = c.how
    } else if (c.kind === 'defend') (s.defence ??= {})[c.at] = c.tactics
    else if (c.kind === 'aim' || c.kind === 'shield') standAim(s, side, c)
    else if (c.kind === 'retreat') {
      s.retreatTo = { ...s.retreatTo, [c.ship]: c.to }
      if (!c.to.length) delete s.retreatTo[c.ship]
    } else if (c.kind === 'tow') {
      if (c.ships.length) s.tow = c.ships
      else delete s.tow
    } else if (c.kind === 'react')
      standReaction(s, side, { card: c.card, at: c.at, ...(c.min ? { min: c.min } : {}) }, c.off)
}

function resolveCommands(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  const side: Side = s.phase.startsWith('csa') ? 'CSA' : 'USA'
  // Cards of the start of the phase, and every card of a build phase, come before the other orders (14.21, 15.21).
  for (const c of commands) if (c.kind === 'play' && playsFirst(s, c)) playCard(run, side, c)
  scrap(run, side, commands)
  if (s.phase === 'csa-move') confederateMove(run, commands)
  else if (s.phase === 'csa-build') confederateBuild(run, commands)
  else if (s.phase === 'union-move') unionMove(run, commands)
  else unionBuild(run, commands)
}

/** A card played where it stands among the moves; whether the command was one. */
function playInOrder(run: PhaseRun, side: Side, c: RrCommand): boolean {
  if (c.kind !== 'play') return false
  if (!playsFirst(run.s, c)) playCard(run, side, c)
  return true
}

function confederateMove(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  s.raids = {}
  for (const c of commands) {
    if (c.kind === 'move') moveConfederate(run, c)
    else if (c.kind === 'counterattack') counterattack(run, c.target, c.from)
    else if (!commandOrder(run, 'CSA', c)) playInOrder(run, 'CSA', c)
  }
  s.csaPawns = 0
  leaveByDefault(run)
  // PB 18.61: the move phase ends before supply; a sudden death victory is judged at its end too.
  suddenDeath(run)
  if (s.finished) return
  supply(run)
  s.phase = 'csa-build'
  drawCards(run, 'CSA', buildDrawCount(s, 'CSA') - openConfederateBuild(run), '14.1', 'for the build phase')
}

function confederateBuild(run: PhaseRun, commands: RrCommand[]): void {
  buildStart(run, 'CSA')
  arrivals(run, 'CSA', commands)
  maximillianRunner(run)
  builds(run, 'CSA', commands)
  run.s.phase = 'union-move'
  openUnionMove(run)
}

function unionMove(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  redRiverReturn(run)
  const tactics = new Map<string, number>()
  for (const c of commands) if (c.kind === 'tactics') tactics.set(c.target, c.tactics)
  for (const c of commands) {
    if (c.kind === 'move') moveUnion(run, c, tactics)
    else if (commandOrder(run, 'USA', c) || playInOrder(run, 'USA', c)) continue
    else if (c.kind === 'assault') unionAssault(run, c)
  }
  for (const [target, n] of tactics)
    run.tell(
      onlyRoles(roleOf('USA')),
      '11.63',
      `TACTICS ${target} ${n}: no landing was made there this phase; the order lapses.`,
    )
  s.towing = towsAfterMoves(
    s.pieces,
    commands.filter((c) => c.kind === 'move'),
    s.towing,
  )
  s.phase = 'union-build'
  const fewer = openUnionBuild(run, commands)
  if (!s.finished) drawCards(run, 'USA', buildDrawCount(s, 'USA') - fewer, '15.1', 'for the build phase')
}

/** An ASSAULT line of the Union move, checked again against the position the earlier orders left (11.1-11.8). */
function unionAssault(run: PhaseRun, c: Extract<RrCommand, { kind: 'assault' }>): void {
  const s = run.s
  // #34's extra river or land assault needs no pawn; it is used first (ruling RR-K14).
  const free = lightningReady(s)
  const use = free ? 'normal' : pawnFor(s, run.pack, c.target, false)
  if (use !== 'sea' && use !== 'normal') return run.say('11.1', `No assault on ${run.name(c.target)}: ${use}.`)
  if (run.holder(c.from) !== 'USA')
    return run.say('11.8', `No assault from ${run.name(c.from)}: the Union does not hold it.`)
  if (s.takenFromSea.includes(c.from))
    return run.say('11.8', `No assault may start from ${run.name(c.from)} the turn it was taken from the sea.`)
  const barred = assaultForbidden(s, run.pack, c.target)
  if (barred) return run.say('17.23', `No assault on ${run.name(c.target)}: ${barred}.`)
  if (run.holder(c.target) !== 'CSA' && run.holder(c.target) !== 'neutral')
    return run.say('11', `${run.name(c.target)} is no longer Confederate: no assault.`)
  if (!free) spendPawn(s, run.pack, c.target, use, false)
  else {
    s.thisTurn.push('used:34')
    run.say('#34', `Loose the Fateful Lightning: the assault on ${run.name(c.target)} needs no cannon pawn.`)
  }
  // Over a land line when there is one (11.4), as the orders were read.
  const kind = run.pack.map.between(c.from, c.target).includes('land') ? 'land' : 'river'
  assault(run, c.target, c.tactics, null, null, kind)
}

function unionBuild(run: PhaseRun, commands: RrCommand[]): void {
  const s = run.s
  buildStart(run, 'USA')
  const room = unionBuildRoom(run, commands)
  royalNavy(run, room)
  redRiverFiasco(run, room)
  arrivals(run, 'USA', commands)
  for (const at of UNION_FREE_GUNBOATS)
    if (run.holder(at) === 'USA')
      run.say('15.33', `Free Union gunboat ${run.add('USA', 'gunboat', at).id} in ${run.name(at)}.`, at)
  builds(run, 'USA', commands, room.start - room.left)
  const win = unionVictory(run.pack.map, s.control, s.vp, s.turn >= s.lastTurn)
  if (win) {
    s.finished = true
    s.winner = 'USA'
    s.result = `Union victory: ${win}`
  } else if (s.turn >= s.lastTurn) {
    s.finished = true
    s.winner = 'CSA'
    s.result = `Confederate victory: the Union has not won by the end of turn ${s.turn} (16.12)`
  }
  if (s.finished) run.say('16', s.result!)
  else mississippiBonus(run)
  if (!s.finished) {
    returnHeldAside(run)
    endTurnBonuses(run)
    s.thisTurn = []
    s.turn += 1
    s.phase = 'csa-move'
    s.unionPawns = freeUnionPawns(s) + s.pawnsNext
    s.pawnsNext = 0
    // Pawns not used are lost (15.64); the limits of 11.2 and 11.8 start again.
    s.csaPawns = s.csaPawnsNext
    s.csaPawnsNext = 0
    s.amphibiousOcean = false
    s.seaPawns = 0
    s.seaTargets = null
    s.takenFromSea = []
  }
}
