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
import { dropOrPick, fightHere, interceptors, meet, stackOf } from './encounters.ts'
import { defenderRetreat } from './retreats.ts'
import { assault } from './landCombat.ts'
import { loadPortMarker, queensArtillery } from './cargoCards.ts'
import { stormOnEntry } from './stormAnswers.ts'
import { stormed } from './weatherCards.ts'

export function moveConfederate(run: PhaseRun, cmd: Extract<RrCommand, { kind: 'move' }>): void {
  const move = stackOf(run, cmd, 'CSA')
  if (!move) return
  let ships = move.ships
  let p = ships[0]!
  const names = () => ships.map((x) => x.id).join(', ')
  const path: string[] = [p.at]
  /** The space the stack entered its present one from (a raider falls back there, #43). */
  let cameFrom: string | null = null
  for (const step of move.steps) {
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      if (path.length > 1) run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
      path.splice(0, path.length, p.at)
      ships = dropOrPick(run, ships, step, p.at, cmd.commander)
      if (!ships.length) return
      p = ships[0]!
      continue
    }
    if ('enter' in step) {
      cameFrom = p.at
      for (const x of ships) x.at = step.enter
      path.push(step.enter)
      // The Union's standing storm (#49) as the ships enter a zone: those it blows away move no more.
      const told = () => run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
      if (stormOnEntry(run, 'CSA', step.enter, told)) {
        ships = ships.filter((x) => x.at === step.enter && !stormed(run.s).includes(x.id))
        if (!ships.length) return
        p = ships[0]!
        path.splice(0, path.length, p.at)
      }
      // Confederate warships entering a station held by Union ships attack them (7.75: no pawn needed).
      // The Albemarle attacks in its three coastal zones too (#75).
      const kind = run.space(p.at).kind
      const atSea = kind === 'coastal' && ships.some((x) => run.s.named.some((n) => n.ship === x.id && n.card === 75))
      const foes =
        kind === 'blockadeStation' || atSea ? run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']) : []
      if (foes.length && p.type !== 'runner' && p.type !== 'raider') {
        run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
        path.splice(0, path.length, p.at)
        // Attackers that retreat go back whence they entered the battle (10.25, 10.36).
        const from = cameFrom ?? p.at
        const fight = fightHere(run, ships, foes, '7.75', { from, defenderTo: defenderRetreat(run, p.at, 'USA') })
        // A damaged ironclad stays where it was damaged (18.252).
        ships = ships.filter((x) => !fight.lost.has(x.id) && !x.damaged)
        if (!ships.length || fight.ended === 'attacker-retreated') return
        if (run.piecesAt(p.at, 'USA', ['gunboat', 'ironclad', 'sloop']).length) return
        continue
      }
      if ((p.type === 'runner' || p.type === 'raider') && interceptors(run, p, p.at).length) {
        run.say('7.3', `${p.id} moves ${path.join(' > ')}.`)
        path.splice(0, path.length, p.at)
        if (!meet(run, p, interceptors(run, p, p.at), 0, cameFrom ? { from: cameFrom } : {})) return
      }
      continue
    }
    if (path.length > 1) {
      run.say('7.3', `${p.id} moves ${path.join(' > ')}.`)
      path.splice(0, path.length, p.at)
    }
    if (step.action === 'LOAD') {
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
    } else if (step.action === 'UNLOAD') {
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
    } else if (step.action === 'RAID') {
      for (let n = 0; n < step.times; n++) {
        const key = `${p.id}@${p.at}`
        const prior = run.s.raids[key] ?? 0
        run.s.raids[key] = prior + 1
        // A sloop towing an ironclad does not stop a raid (8.13, 7.61).
        const sloops = run.piecesAt(p.at, 'USA', ['sloop']).filter((x) => !run.s.towing?.[x.id])
        if (sloops.length && !meet(run, p, sloops, prior, cameFrom ? { from: cameFrom } : {})) return
        if (armedMerchantman(run, p, cameFrom)) return
        const r = raidResult(run.dice, p.id, run.space(p.at).kind, step.boost, raidMod(run, p))
        if (r.vp)
          run.vp(
            r.vp,
            '8.11',
            `${p.id} raids in ${run.name(p.at)} (die ${r.die}${step.boost ? ` +${step.boost}` : ''})`,
          )
        else
          run.say(
            '8.11',
            `${p.id} raids in ${run.name(p.at)} and finds nothing (die ${r.die}${step.boost ? ` +${step.boost}` : ''}).`,
            p.at,
          )
      }
    }
  }
  if (path.length > 1) run.say('7.3', `${names()} ${ships.length > 1 ? 'move' : 'moves'} ${path.join(' > ')}.`)
}

export function moveUnion(
  run: PhaseRun,
  cmd: Extract<RrCommand, { kind: 'move' }>,
  tactics: Map<string, number>,
): void {
  const move = stackOf(run, cmd, 'USA')
  if (!move) return
  let ships = move.ships
  const names = () => ships.map((x) => x.id).join(', ')
  const moves = () => (ships.length > 1 ? 'move' : 'moves')
  const path = [ships[0]!.at]
  const flush = () => {
    if (path.length > 1) run.say('7.3', `${names()} ${moves()} ${path.join(' > ')}.`)
    path.splice(0, path.length, ships[0]!.at)
  }
  for (const step of move.steps) {
    const at = ships[0]!.at
    if ('action' in step && (step.action === 'DROP' || step.action === 'PICKUP')) {
      flush()
      ships = dropOrPick(run, ships, step, at, cmd.commander)
      if (!ships.length) return
      continue
    }
    if ('enter' in step) {
      const from = at
      for (const x of ships) x.at = step.enter
      path.push(step.enter)
      // The Confederacy's standing storm (#92) as the ships enter a coastal zone or one of its stations.
      if (stormOnEntry(run, 'USA', step.enter, flush)) {
        ships = ships.filter((x) => x.at === step.enter && !stormed(run.s).includes(x.id))
        if (!ships.length) return
      }
      const here = run.space(step.enter)
      const isAssault =
        run.holder(here.id) === 'CSA' && ['oceanPort', 'riverPort', 'fort', 'inlandCity'].includes(here.kind)
      const barred = isAssault ? assaultForbidden(run.s, run.pack, here.id) : null
      const use = isAssault && !barred ? pawnFor(run.s, run.pack, here.id, true) : null
      const fromSea =
        isAssault && run.s.takenFromSea.includes(from)
          ? 'no assault goes on from an ocean port taken from the sea this turn (11.8)'
          : null
      if (isAssault && (barred || fromSea || (use !== 'sea' && use !== 'normal'))) {
        for (const x of ships) x.at = from
        path.pop()
        flush()
        run.say(
          '11.1',
          `${names()} may not enter ${here.name}: ${barred ?? fromSea ?? use}; ${ships.length > 1 ? 'they stop' : 'it stops'} in ${run.name(from)}.`,
          from,
        )
        return
      }
      if (isAssault) {
        flush()
        spendPawn(run.s, run.pack, here.id, use as 'sea' | 'normal', true)
        // #24's landings roll a die more.
        if (use === 'sea')
          run.s.pending.push({ card: 24, on: 'assault', at: here.id, amount: 1, kinds: ['amphibious'] })
        run.say(
          '7.73',
          `${names()} ${ships.length > 1 ? 'enter' : 'enters'} ${here.name}: an assault (${run.s.unionPawns} cannon pawn(s) left${use === 'sea' ? ', a #24 landing' : ''}).`,
          here.id,
        )
        // The Confederate answers to ships entering (#81) come before the fight.
        ships = shipsEntering(run, here.id, ships, from)
        if (!ships.length) return
        // Warships or batteries there: a naval combat first (10.1-10.2); against batteries alone the Union fights at least a round (10.25).
        if (run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery']).length) {
          const defenders = run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider', 'battery'])
          const fight = fightHere(run, ships, defenders, '10.1', {
            shields: true,
            from,
            defenderTo: defenderRetreat(run, here.id, 'CSA'),
          })
          // Lost in the fight, or before it (a ram, #71).
          ships = ships.filter((x) => !fight.lost.has(x.id) && run.s.pieces.includes(x))
          if (!ships.length) return
          // Falling back, or leaving a warship fighting there, is a repulse (10.41).
          const warships = run
            .piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider'])
            .filter((x) => !fight.setAside.has(x.id))
          if ((fight.ended === 'attacker-retreated' && !fight.stoppedBombarding) || warships.length) {
            const a = run.dice.roll(`repulse at ${here.id}: first die`, 6, PUBLIC)
            const c = run.dice.roll(`repulse at ${here.id}: second die`, 6, PUBLIC)
            run.vp(Math.abs(a - c), '10.41', `The Union is repulsed from ${here.name} (dice ${a}, ${c})`)
            for (const x of ships) x.at = from
            return
          }
          // Ships a card sent out of the fight (#13, #15) do not land.
          ships = ships.filter((x) => x.at === here.id)
          if (!ships.length) {
            run.say('11.3', `No Union ship is left in ${here.name} to land the assault.`, here.id)
            return
          }
        }
        assault(run, here.id, tactics.get(here.id) ?? 0, from, ships)
        if (here.kind === 'oceanPort' && run.holder(here.id) === 'USA') run.s.takenFromSea.push(here.id)
        // 10.42: ships that won the assault may go on with the movement points they have left.
        if (run.holder(here.id) !== 'USA') return
        ships = ships.filter((x) => x.at === here.id)
        if (!ships.length) return
        continue
      }
      const foes = here.kind === 'blockadeStation' ? run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']) : []
      if (foes.length) {
        flush()
        const fight = fightHere(run, ships, run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad', 'raider']), '7.75', {
          from,
          defenderTo: defenderRetreat(run, here.id, 'CSA'),
        })
        // A damaged ironclad stays where it was damaged (18.252).
        ships = ships.filter((x) => !fight.lost.has(x.id) && !x.damaged)
        if (!ships.length || fight.ended === 'attacker-retreated') return
        if (run.piecesAt(here.id, 'CSA', ['gunboat', 'ironclad']).length) return
      }
      continue
    }
    if (step.action === 'SEARCH') {
      flush()
      const target = run.s.pieces.find((x) => x.id === step.target && x.side === 'CSA' && x.at === at)
      if (!target) {
        run.say(
          '7.75',
          `${names()} ${ships.length > 1 ? 'search' : 'searches'} ${run.name(at)} for ${step.target}, which is no longer there.`,
          at,
        )
        continue
      }
      run.say('7.75', `${names()} ${ships.length > 1 ? 'search' : 'searches'} ${run.name(at)} for ${target.id}.`, at)
      // Every ship of a searching stack is a sloop or gunboat: the order's check refused any other (7.35-7.36, 7.61).
      const searchers = ships.filter((x) => x.type === 'sloop' || x.type === 'gunboat')
      meet(run, target, searchers, 0, { boost: step.boost })
    }
  }
  flush()
}
