// The moves of a phase (RB 7-10): a Confederate ship's or stack's move with its loading, raids and
// attacks; a Union move with its searches and the assaults its landings make (landCombat.ts).
import { armedMerchantman, landedValue, satinAndLace, shipsEntering } from './cardMoments.ts'
import { assaultForbidden } from './cardAssaults.ts'
import { PUBLIC } from '../contract.ts'
import type { RrCommand } from './orderTypes.ts'
import { raidResult } from './speed.ts'
import type { PhaseRun } from './phaseRun.ts'
import { pawnFor, spendPawn } from './pawns.ts'
import { raidMod } from './evasionCards.ts'
import { fightHere, interceptors, meet, stackOf } from './encounters.ts'
import { dropOrPick } from './pickups.ts'
import { assault } from './landCombat.ts'
import { loadPortMarker, queensArtillery } from './cargoCards.ts'
import { stormOnEntry } from './stormAnswers.ts'
import { stormed } from './weatherCards.ts'
import type { MoveStep } from './movement.ts'
import type { RrPiece } from './state.ts'

/** A Confederate move under way: its ships, the lead ship, the path told so far and where it came from. */
interface CsaMove {
  ships: RrPiece[]
  p: RrPiece
  path: string[]
  /** The space the stack entered its present one from (a raider falls back there, #43). */
  cameFrom: string | null
}

const csaNames = (m: CsaMove) => m.ships.map((x) => x.id).join(', ')
/** Tells the path sailed so far, by the whole stack, and starts it again where the stack is. */
function tellStack(run: PhaseRun, m: CsaMove): void {
  run.say('7.3', `${csaNames(m)} ${m.ships.length > 1 ? 'move' : 'moves'} ${m.path.join(' > ')}.`)
  m.path.splice(0, m.path.length, m.p.at)
}

export function moveConfederate(run: PhaseRun, cmd: Extract<RrCommand, { kind: 'move' }>): void {
  const move = stackOf(run, cmd, 'CSA')
  if (!move) return
  const m: CsaMove = { ships: move.ships, p: move.ships[0]!, path: [move.ships[0]!.at], cameFrom: null }
  for (const step of move.steps) {
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      if (m.path.length > 1) tellStack(run, m)
      m.path.splice(0, m.path.length, m.p.at)
      m.ships = dropOrPick(run, m.ships, step, m.p.at, cmd.commander)
      if (!m.ships.length) return
      m.p = m.ships[0]!
      continue
    }
    if ('enter' in step) {
      if (!enterConfederate(run, m, step.enter)) return
      continue
    }
    const p = m.p
    if (m.path.length > 1) {
      run.say('7.3', `${p.id} moves ${m.path.join(' > ')}.`)
      m.path.splice(0, m.path.length, p.at)
    }
    if (step.action === 'LOAD') loadCargo(run, p)
    else if (step.action === 'UNLOAD') unloadCargo(run, p)
    else if (step.action === 'RAID' && !raid(run, p, step, m.cameFrom)) return
  }
  if (m.path.length > 1)
    run.say('7.3', `${csaNames(m)} ${m.ships.length > 1 ? 'move' : 'moves'} ${m.path.join(' > ')}.`)
}

/** The stack enters a space: a storm, a fight with the Union ships holding it, or a speed roll. Returns whether the move goes on. */
function enterConfederate(run: PhaseRun, m: CsaMove, enter: string): boolean {
  m.cameFrom = m.p.at
  for (const x of m.ships) x.at = enter
  m.path.push(enter)
  // The Union's standing storm (#49) as the ships enter a zone: those it blows away move no more.
  const told = () => run.say('7.3', `${csaNames(m)} ${m.ships.length > 1 ? 'move' : 'moves'} ${m.path.join(' > ')}.`)
  if (stormOnEntry(run, 'CSA', enter, told)) {
    m.ships = m.ships.filter((x) => x.at === enter && !stormed(run.s).includes(x.id))
    if (!m.ships.length) return false
    m.p = m.ships[0]!
    m.path.splice(0, m.path.length, m.p.at)
  }
  const p = m.p
  // Confederate warships entering a station held by Union ships attack them (7.75: no pawn needed).
  // The Albemarle attacks in its three coastal zones too (#75).
  const kind = run.space(p.at).kind
  const atSea = kind === 'coastal' && m.ships.some((x) => run.s.named.some((n) => n.ship === x.id && n.card === 75))
  const foes = kind === 'blockadeStation' || atSea ? run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']) : []
  if (foes.length && p.type !== 'runner' && p.type !== 'raider') {
    tellStack(run, m)
    // Attackers that retreat go back whence they entered the battle (10.25, 10.36).
    const from = m.cameFrom ?? p.at
    const fight = fightHere(run, m.ships, foes, '7.75', { from })
    // A damaged ironclad stays where it was damaged (18.252).
    m.ships = m.ships.filter((x) => !fight.lost.has(x.id) && !x.damaged)
    if (!m.ships.length || fight.ended === 'attacker-retreated') return false
    return !run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']).length
  }
  if ((p.type === 'runner' || p.type === 'raider') && interceptors(run, p, p.at).length) {
    run.say('7.3', `${p.id} moves ${m.path.join(' > ')}.`)
    m.path.splice(0, m.path.length, p.at)
    return meet(run, p, interceptors(run, p, p.at), 0, m.cameFrom ? { from: m.cameFrom } : {})
  }
  return true
}

/** LOAD (9.1, 9.3): a free marker, 2 VP in Europe while one is left; a runner come in loaded may add a waiting #93/#94 marker. */
function loadCargo(run: PhaseRun, p: RrPiece): void {
  const arrivedLoaded = p.cargo !== undefined
  // A marker must be free (9.3); a European port gives a 2-VP one while any is left, else a 1-VP one (9.12).
  const value =
    p.cargo !== undefined ? null : run.space(p.at).european && run.cargoFree(2) ? 2 : run.cargoFree(1) ? 1 : null
  // A runner come in loaded still adds a #93/#94 marker waiting there to its load (PB 22's log, ruling RR-K22).
  const addsMarker = arrivedLoaded && !p.extraCargo && (run.s.portCargo?.[p.at] ?? 0) > 0
  if (addsMarker) loadPortMarker(run, p)
  else if (value === null)
    run.say(
      '9.3',
      p.cargo !== undefined
        ? `${p.id} already carries cargo (9.11).`
        : `No cargo marker is free: ${p.id} loads nothing (9.3).`,
      p.at,
    )
  else {
    p.cargo = value
    run.say('9.1', `${p.id} loads cargo worth ${p.cargo} VP in ${run.name(p.at)}.`, p.at)
  }
  if (!arrivedLoaded) loadPortMarker(run, p)
}

/** UNLOAD (9.2): the cargo's points, with the cards that change them. */
function unloadCargo(run: PhaseRun, p: RrPiece): void {
  if (p.cargo) satinAndLace(run, p)
  const artillery = queensArtillery(run, p)
  const marker = p.cargo ?? 0
  // A marker #93 or #94 added to the load lands as a 1-VP marker.
  const extra = p.extraCargo ?? 0
  const value = landedValue(run.s, marker) + extra * landedValue(run.s, 1)
  delete p.cargo
  delete p.extraCargo
  run.vp(
    value,
    '9.21',
    `${p.id} lands its cargo in ${run.name(p.at)}${extra ? ` (with ${extra} 1-VP marker more)` : ''}${value !== marker + extra ? ` (a ${marker}-VP marker worth ${value} this turn)` : ''}`,
  )
  if (!value && !artillery) run.say('9.21', `${p.id} has no cargo to land in ${run.name(p.at)}.`, p.at)
  for (const b of run.takeBonuses('unload', p.id))
    if (value) run.vp(b.amount, `#${b.card}`, `#${b.card} ${run.cardName(b.card)} on ${p.id}'s cargo`)
}

/** RAID (8.1): each attempt past the sloops not towing, then its die. Returns whether the raider goes on. */
function raid(
  run: PhaseRun,
  p: RrPiece,
  step: Extract<MoveStep, { action: 'RAID' }>,
  cameFrom: string | null,
): boolean {
  for (let n = 0; n < step.times; n++) {
    const key = `${p.id}@${p.at}`
    const prior = run.s.raids[key] ?? 0
    run.s.raids[key] = prior + 1
    // A sloop towing an ironclad does not stop a raid (8.13, 7.61).
    const sloops = run.piecesAt(p.at, 'USA', ['sloop']).filter((x) => !run.s.towing?.[x.id])
    if (sloops.length && !meet(run, p, sloops, prior, cameFrom ? { from: cameFrom } : {})) return false
    if (armedMerchantman(run, p, cameFrom)) return false
    const r = raidResult(run.dice, p.id, run.space(p.at).kind, step.boost, raidMod(run, p))
    const die = `die ${r.die}${step.boost ? ` +${step.boost}` : ''}`
    if (r.vp) run.vp(r.vp, '8.11', `${p.id} raids in ${run.name(p.at)} (${die})`)
    else run.say('8.11', `${p.id} raids in ${run.name(p.at)} and finds nothing (${die}).`, p.at)
  }
  return true
}

/** A Union move under way: its ships and the path told so far. */
interface UsaMove {
  ships: RrPiece[]
  path: string[]
}

const usaNames = (m: UsaMove) => m.ships.map((x) => x.id).join(', ')
/** Tells the path sailed so far and starts it again where the ships are. */
function flush(run: PhaseRun, m: UsaMove): void {
  if (m.path.length > 1)
    run.say('7.3', `${usaNames(m)} ${m.ships.length > 1 ? 'move' : 'moves'} ${m.path.join(' > ')}.`)
  m.path.splice(0, m.path.length, m.ships[0]!.at)
}

export function moveUnion(
  run: PhaseRun,
  cmd: Extract<RrCommand, { kind: 'move' }>,
  tactics: Map<string, number>,
): void {
  const move = stackOf(run, cmd, 'USA')
  if (!move) return
  const m: UsaMove = { ships: move.ships, path: [move.ships[0]!.at] }
  for (const step of move.steps) {
    const at = m.ships[0]!.at
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      flush(run, m)
      m.ships = dropOrPick(run, m.ships, step, at, cmd.commander)
      if (!m.ships.length) return
      continue
    }
    if ('enter' in step) {
      if (!enterUnion(run, m, step.enter, tactics)) return
      continue
    }
    if (step.action === 'SEARCH') search(run, m, at, step)
  }
  flush(run, m)
}

/** SEARCH(<piece>)[+n] (7.75-7.78): the sloops and gunboats of the stack against the runner or raider named. */
function search(run: PhaseRun, m: UsaMove, at: string, step: Extract<MoveStep, { action: 'SEARCH' }>): void {
  flush(run, m)
  const verb = m.ships.length > 1 ? 'search' : 'searches'
  const target = run.s.pieces.find((x) => x.id === step.target && x.side === 'CSA' && x.at === at)
  if (!target) {
    run.say('7.75', `${usaNames(m)} ${verb} ${run.name(at)} for ${step.target}, which is no longer there.`, at)
    return
  }
  run.say('7.75', `${usaNames(m)} ${verb} ${run.name(at)} for ${target.id}.`, at)
  // Every ship of a searching stack is a sloop or gunboat: the order's check refused any other (7.35-7.36, 7.61).
  const searchers = m.ships.filter((x) => x.type === 'sloop' || x.type === 'gunboat')
  meet(run, target, searchers, 0, { boost: step.boost })
}

/** The Union ships enter a space: a storm, an assault on an enemy port or fort, or a fight in a station. Returns whether the move goes on. */
function enterUnion(run: PhaseRun, m: UsaMove, enter: string, tactics: Map<string, number>): boolean {
  const from = m.ships[0]!.at
  for (const x of m.ships) x.at = enter
  m.path.push(enter)
  // The Confederacy's standing storm (#92) as the ships enter a coastal zone or one of its stations.
  if (stormOnEntry(run, 'USA', enter, () => flush(run, m))) {
    m.ships = m.ships.filter((x) => x.at === enter && !stormed(run.s).includes(x.id))
    if (!m.ships.length) return false
  }
  const here = run.space(enter)
  const isAssault =
    run.holder(here.id) === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(here.kind)
  if (isAssault) return landing(run, m, here.id, from, tactics)
  const foes = here.kind === 'blockadeStation' ? run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']) : []
  if (!foes.length) return true
  flush(run, m)
  const fight = fightHere(run, m.ships, run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider']), '7.75', {
    from,
  })
  // A damaged ironclad stays where it was damaged (18.252).
  m.ships = m.ships.filter((x) => !fight.lost.has(x.id) && !x.damaged)
  if (!m.ships.length || fight.ended === 'attacker-retreated') return false
  return !run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']).length
}

/** Entering an enemy port or fort is an assault (7.73): a pawn, the naval combat there first, then the landing. */
function landing(run: PhaseRun, m: UsaMove, id: string, from: string, tactics: Map<string, number>): boolean {
  const here = run.space(id)
  const barred = assaultForbidden(run.s, run.pack, id)
  const use = barred ? null : pawnFor(run.s, run.pack, id, true)
  const fromSea = run.s.takenFromSea.includes(from)
    ? 'no assault goes on from an ocean port taken from the sea this turn (11.8)'
    : null
  if (barred || fromSea || (use !== 'sea' && use !== 'normal')) {
    for (const x of m.ships) x.at = from
    m.path.pop()
    flush(run, m)
    run.say(
      '11.1',
      `${usaNames(m)} may not enter ${here.name}: ${barred ?? fromSea ?? use}; ${m.ships.length > 1 ? 'they stop' : 'it stops'} in ${run.name(from)}.`,
      from,
    )
    return false
  }
  flush(run, m)
  spendPawn(run.s, run.pack, id, use, true)
  // #24's landings roll a die more.
  if (use === 'sea') run.s.pending.push({ card: 24, on: 'assault', at: id, amount: 1, kinds: ['amphibious'] })
  run.say(
    '7.73',
    `${usaNames(m)} ${m.ships.length > 1 ? 'enter' : 'enters'} ${here.name}: an assault (${run.s.unionPawns} cannon pawn(s) left${use === 'sea' ? ', a #24 landing' : ''}).`,
    id,
  )
  // The Confederate answers to ships entering (#81) come before the fight.
  m.ships = shipsEntering(run, id, m.ships, from)
  if (!m.ships.length) return false
  if (!navalCombatFirst(run, m, id, from)) return false
  assault(run, id, tactics.get(id) ?? 0, from, m.ships)
  // The tactics ordered for this landing are spent on it (11.63).
  tactics.delete(id)
  if (here.kind === 'oceanPort' && run.holder(id) === 'USA') run.s.takenFromSea.push(id)
  // 10.42: ships that won the assault may go on with the movement points they have left.
  if (run.holder(id) !== 'USA') return false
  m.ships = m.ships.filter((x) => x.at === id)
  return m.ships.length > 0
}

/**
 * Warships or batteries in the port: a naval combat before the landing (10.1-10.2); against batteries alone
 * the Union fights at least a round (10.25). Returns whether ships are left there to land.
 */
function navalCombatFirst(run: PhaseRun, m: UsaMove, id: string, from: string): boolean {
  const defenders = run.piecesAt(id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery'])
  if (!defenders.length) return true
  const fight = fightHere(run, m.ships, defenders, '10.1', {
    shields: true,
    from,
  })
  // Lost in the fight, or before it (a ram, #71).
  m.ships = m.ships.filter((x) => !fight.lost.has(x.id) && run.s.pieces.includes(x))
  if (!m.ships.length) return false
  // Falling back, or leaving a warship fighting there, is a repulse (10.41).
  const warships = run.piecesAt(id, 'CSA', ['gunboat', 'ironclad', 'raider']).filter((x) => !fight.setAside.has(x.id))
  if ((fight.ended === 'attacker-retreated' && !fight.stoppedBombarding) || warships.length) {
    const a = run.dice.roll(`repulse at ${id}: first die`, 6, PUBLIC)
    const c = run.dice.roll(`repulse at ${id}: second die`, 6, PUBLIC)
    run.vp(Math.abs(a - c), '10.41', `The Union is repulsed from ${run.name(id)} (dice ${a}, ${c})`)
    for (const x of m.ships) x.at = from
    return false
  }
  // Ships a card sent out of the fight (#13, #15) do not land.
  m.ships = m.ships.filter((x) => x.at === id)
  if (!m.ships.length) {
    run.say('11.3', `No Union ship is left in ${run.name(id)} to land the assault.`, id)
    return false
  }
  return true
}
