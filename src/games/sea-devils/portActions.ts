// A Confederate ship's actions in and around ports: coaling (11.5x) and the prize coal (11.53),
// commissioning (9.3x, 10.5x), entering and leaving a Confederate port past the blockade, and leaving a
// neutral port (11.4x).
import { CSA, PUBLIC, type Resolution } from './resolution.ts'
import {
  combat,
  csaSpeed,
  removeConfederate,
  reveal,
  rollWithSemmes,
  unitName,
  unitSpeed,
  type Activity,
  type FederalUnit,
  type Outcome,
} from './combat.ts'
import { searchOnEntry } from './spotting.ts'
import { coalPortsAt, commissionAt, isBar } from './legality.ts'
import { blockadeResult, combatDamage, escapes } from './tables.ts'
import { baseAllowance } from './state.ts'
import { portName } from './nations.ts'

/** 10.51: commissioning costs 1 MP in a Confederate port or an area with a usable neutral port. */
export function commission(res: Resolution, act: Activity, areaId: string): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  if (s.commissioned) return 'continue'
  const year = ctx.year(state.turn)
  const at = commissionAt(state, ctx, areaId, s.port, state.neutralCommissionYears.includes(year))
  if (isBar(at)) {
    res.say(
      CSA,
      at.rule,
      `${act.ship} cannot be commissioned in ${areaId}: ${at.why}; it stays uncommissioned (ruling R32).`,
    )
    return 'continue'
  }
  const port = at.port
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to commission.`)
    return 'continue'
  }
  act.mp += 1
  s.commissioned = true
  if (port.nat !== 'CSA') state.neutralCommissionYears.push(year)
  res.say(CSA, '10.51', `${act.ship} is commissioned at the ${portName(port.nat)} port in ${areaId}.`)
  return 'continue'
}

/** 7.11: running into or out of a Confederate port: a Blockade Table roll, maybe one segment of fire. */
export function runConfederatePort(res: Resolution, act: Activity, direction: 'in' | 'out'): Outcome {
  const { state, ctx } = res
  const s = state.csa[act.ship]!
  const areaId = s.area!
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to run the blockade.`)
    return 'ended'
  }
  act.mp += 1
  const year = ctx.year(state.turn)
  const r = rollWithSemmes(
    res,
    act.ship,
    'BLOCKADE',
    `blockade ${direction} ${act.ship} at ${areaId}`,
    PUBLIC,
    (die) => {
      const g = blockadeResult(ctx.pack.tables, die, year, direction).gunnery
      return { RESULT: g === null ? 'NONE' : g }
    },
  )
  const result = blockadeResult(ctx.pack.tables, r.die, year, direction)
  const rolls = [...r.rolls]
  let text = `${act.ship} runs the blockade ${direction === 'out' ? 'out of' : 'into'} the Confederate port in ${areaId} (die ${r.die}, modified ${result.modified} for ${year}): `
  if (result.gunnery === null) text += 'the blockaders do not fire.'
  else {
    const f = res.roll(`blockader fires on ${act.ship}`, 6, PUBLIC)
    rolls.push(f.ref)
    const dmg = combatDamage(ctx.pack.tables, f.value, result.gunnery)
    s.damage += dmg
    text += `a blockader of gunnery ${result.gunnery} fires once (die ${f.value}) for ${dmg} damage.`
  }
  res.say(PUBLIC, '7.11', text, rolls, { at: areaId, mark: 'blockade' })
  reveal(res, act.ship)
  if (s.damage >= ctx.ship(act.ship).def) {
    removeConfederate(res, act.ship, 'sunk', 'sunk by the blockaders (7.11)')
    return 'ended'
  }
  // 8.21 at once: the search that follows the run already sees the slower ship.
  act.allowance = Math.min(act.allowance, baseAllowance(ctx, s) + act.bonus - s.damage)
  if (direction === 'in') {
    s.port = 'CSA'
    act.coalings += 1
    res.say(CSA, '11.51', `${act.ship} coals in the Confederate port: ${act.coalings} coaling(s) this turn.`)
    return 'continue'
  }
  // Leaving counts as entering the area (4.4), and the ship coals at the port it leaves (ruling R13).
  coal(res, act, areaId)
  s.port = null
  return searchOnEntry(res, act, areaId)
}

/** 4.4 / 7.21-7.22: leaving a neutral port, running any blockade there first. */
export function leaveNeutralPort(res: Resolution, act: Activity): Outcome {
  const { state } = res
  const s = state.csa[act.ship]!
  const areaId = s.area!
  const blockaders = Object.values(state.usa).filter(
    (u) => u.blockading === act.ship && u.loc === 'map' && u.area === areaId,
  )
  if (!blockaders.length) {
    s.port = null
    res.say(CSA, '4.4', `${act.ship} leaves port into ${areaId}.`)
    coal(res, act, areaId)
    return searchOnEntry(res, act, areaId)
  }
  if (act.mp + 1 > act.allowance) {
    res.say(CSA, '4.11', `${act.ship} has no MP left to run the blockade.`)
    return 'ended'
  }
  act.mp += 1
  reveal(res, act.ship)
  res.say(PUBLIC, '7.21', `${act.ship} runs the blockade of the port in ${areaId} (${blockaders.length} blockader(s)).`)
  // Each blockading ship or squadron must be escaped from or fought, one after another.
  const units = groupBySquadron(
    res,
    blockaders.map((b) => b.id),
  )
  for (const ids of units) {
    const unit: FederalUnit = { kind: 'ships', ids }
    if (ids.every((id) => state.usa[id]!.loc === 'sunk')) continue
    const diff = csaSpeed(res, act.ship) - unitSpeed(res, unit)
    const choice = res.decide(
      'confederate',
      'BLOCKADER',
      [act.ship, 'ALL'],
      {
        DIFF: diff,
        'MY.HP': res.ctx.ship(act.ship).def - s.damage,
        'FOE.GUN': ids.reduce((n, id) => n + res.ctx.ship(id).gun, 0),
        TURN: state.turn,
      },
      () => 'ESCAPE',
      `${act.ship} runs past ${unitName(res, unit)}: fight or escape?`,
      [
        { id: 'FIGHT', label: 'fight this blockader' },
        { id: 'ESCAPE', label: 'try to slip past' },
      ],
    )
    if (choice.action === 'ESCAPE') {
      const r = rollWithSemmes(res, act.ship, 'ESCAPE', `run past ${unitName(res, unit)}`, PUBLIC, (die) => ({
        RESULT: escapes(res.ctx.pack.tables, die, diff) ? 'ESCAPED' : 'FAIL',
      }))
      if (!act.escapedIn.includes(areaId)) act.escapedIn.push(areaId)
      if (escapes(res.ctx.pack.tables, r.die, diff)) {
        res.say(
          PUBLIC,
          '7.21',
          `${act.ship} slips past ${unitName(res, unit)} (speed difference ${diff}, die ${r.die}).`,
          r.rolls,
        )
        continue
      }
      res.say(
        PUBLIC,
        '6.22',
        `${act.ship} cannot slip past ${unitName(res, unit)} (speed difference ${diff}, die ${r.die}).`,
        r.rolls,
      )
    }
    if (combat(res, act.ship, unit) === 'ended') return 'ended'
  }
  for (const b of blockaders) if (b.blockading === act.ship) b.blockading = null
  s.port = null
  coal(res, act, areaId)
  // 7.22: once clear, the other Federal ships in the area may search for it.
  return searchOnEntry(
    res,
    act,
    areaId,
    blockaders.map((b) => b.id),
  )
}

/** 11.51: every usable coal port in an area the ship enters counts once. */
export function coal(res: Resolution, act: Activity, areaId: string): void {
  const s = res.state.csa[act.ship]!
  const ports = coalPortsAt(res.state, res.ctx, areaId, s.commissioned, s.port === 'CSA')
  if (ports.length) {
    act.coalings += ports.length
    res.say(
      CSA,
      '11.51',
      `${act.ship} coals in ${areaId} (${ports.map((p) => `${portName(p.nat)} port`).join(', ')}): ${act.coalings} coaling(s) this turn.`,
    )
  }
}

export function groupBySquadron(res: Resolution, ids: string[]): string[][] {
  const groups: string[][] = []
  const placed = new Set<string>()
  for (const members of Object.values(res.state.squadrons)) {
    const g = members.filter((m) => ids.includes(m))
    if (g.length) {
      groups.push(g)
      g.forEach((m) => placed.add(m))
    }
  }
  for (const id of ids) if (!placed.has(id)) groups.push([id])
  return groups
}

/** 11.53: the once-a-game prize coal, announced to both players; returns the extra MP. */
export function announcePrizeCoal(res: Resolution, ship: string): number {
  const s = res.state.csa[ship]
  const rule = res.ctx.ship(ship).prizeCoal
  if (!s || s.status !== 'map' || !rule || s.prizeCoalUsed) {
    res.say(CSA, '11.53', `${ship} cannot coal from a captured merchant ship now; PRIZE-COAL is void (ruling R32).`)
    return 0
  }
  s.prizeCoalUsed = true
  s.deepRaidTurn = res.state.turn + 1
  res.say(
    PUBLIC,
    '11.53',
    `The Confederate announces that ${ship} coals from a captured merchant ship: ${rule.extraMp} more MP this phase, and deep-water raids next turn.`,
  )
  return rule.extraMp
}
