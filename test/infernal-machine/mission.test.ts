import { describe, expect, it } from 'vitest'
import { orderErrors } from '../../src/games/infernal-machine/crewOrders.ts'
import { drift } from '../../src/games/infernal-machine/drift.ts'
import { AUTO_SETUP, basePowerGrade, setupMission } from '../../src/games/infernal-machine/mission.ts'
import { AUTO_NAV, elevationAllowed, maneuver, navigate } from '../../src/games/infernal-machine/navigation.ts'
import { missionTurn } from '../../src/games/infernal-machine/missionTurn.ts'
import { AUTO_RESPONSE } from '../../src/games/infernal-machine/response.ts'
import { AUTO_CONCUSSION } from '../../src/games/infernal-machine/detonation.ts'
import { AUTO_REPAIR, leakCubes, moraleBoost, rallyPhase, repairs } from '../../src/games/infernal-machine/repair.ts'
import { ctx, pack, standardBoat, trainingMission } from './helpers.ts'

describe('Infernal Machine mission set-up (p.15-21)', () => {
  const start = () => ({
    side: 'CSA' as const,
    season: 'spring' as const,
    board: 'training',
    launch: 'wharf',
    type: 'training' as const,
    boat: standardBoat(0),
    pool: { black: 2, red: 0 },
    alert: 0,
    training: 1,
  })
  const rolls = { 'setup visibility': 2, 'setup drift': 7, 'setup atmospherics': 6, 'setup drift direction': 4 }

  it('p.15-17 cubes for crew and weapon, conditions rolled in order on the season box, drift direction on a tidal board', () => {
    const c = ctx([
      ...Object.entries(rolls).map(([label, values]) => ({ label, values })),
      { label: /deck shuffle/, values: Array(60).fill(1) },
    ])
    const m = setupMission(c, start())
    expect(m.pool).toEqual({ black: 3, red: 3 })
    expect([m.visibility, m.drift, m.atmospherics, m.driftDirection]).toEqual(['bright', 'weak', 'fog', 'ebb'])
    expect(m.navDeck.drawPile).toHaveLength(25)
    expect(m.discoveryDeck.drawPile).toHaveLength(24)
    expect([m.baseGrade, m.rally, m.position, m.boat.elevation]).toEqual(['C', 1, 'wharf', 0])
  })

  it('p.16 a condition may be shifted one step for 2 Red cubes, decided after its roll', () => {
    const c = ctx([
      ...Object.entries(rolls).map(([label, values]) => ({ label, values })),
      { label: /deck shuffle/, values: Array(60).fill(1) },
    ])
    const m = setupMission(c, start(), { ...AUTO_SETUP, shift: (which) => (which === 'drift' ? 'down' : null) })
    expect([m.drift, m.pool.red]).toEqual(['calm', 5])
  })

  it('p.20-21 power grade: strength against weight (5 against 3: C); an engine replaces it (Boiler A)', () => {
    const m = trainingMission()
    expect(basePowerGrade(ctx(), m)).toBe('C')
    expect(basePowerGrade(ctx(), m, 1)).toBe('B')
    m.boat.parts.push({ component: 'boiler-engine', kind: 'boilerEngine', space: 2, malfunctions: 0 })
    expect(basePowerGrade(ctx(), m)).toBe('A')
  })

  it('p.18 Tow Check from a Launch Tow position: Quick Thinking spends the fewest Black cubes that pass', () => {
    const c = ctx([
      ...Object.entries(rolls).map(([label, values]) => ({ label, values })),
      { label: /deck shuffle/, values: Array(60).fill(1) },
      { label: 'tow check', values: 3 },
    ])
    const m = setupMission(c, { ...start(), launch: 'buoy', training: 0 })
    expect(c.notes.find((n) => n.rule === 'p.18')!.text).toBe('Tow Check: 3 +3 Black recycled = 6 against 6')
    expect([m.lost, m.pool.black]).toEqual([undefined, 0])
  })
})

describe('Infernal Machine Orders and Maneuver (p.23-25)', () => {
  it('p.24 order limits: one steersman with the skill, next to the Steering Link and a Hatch; no orders when panicked', () => {
    const boat = standardBoat(0)
    boat.crew[3]!.panic = true
    expect(
      orderErrors(pack, boat, {
        moser: { kind: 'steer' },
        merriam: { kind: 'steer' },
        baird: { kind: 'mech', mechanism: 'ballastTank' },
        doyle: { kind: 'repair', target: 'propeller' },
      }),
    ).toEqual([
      'only one crewman may steer',
      'Merriam is panicked and takes no order',
      'Baird has no mechanical skill',
      'Doyle has no repair skill',
    ])
  })

  it('p.25 elevation: the Ballast Tank, operated, moves between surface and awash; Dive Planes never to surface', () => {
    const m = trainingMission()
    expect(elevationAllowed(ctx(), m, 1)).toBe(false)
    m.boat.crew[2]!.order = { kind: 'mech', mechanism: 'ballastTank' }
    expect(elevationAllowed(ctx(), m, 1)).toBe(true)
    m.boat.elevation = 1
    expect(elevationAllowed(ctx(), m, 2)).toBe(false)
  })

  it('p.29 deeper than the bottom is Ground: Keel Weights cut and a level up, or Lost', () => {
    const m = trainingMission()
    m.boat.crew[2]!.order = { kind: 'mech', mechanism: 'ballastTank' }
    m.boat.parts.push({ component: 'dive-planes', kind: 'divePlanes', space: 2, malfunctions: 0 })
    m.boat.crew[0]!.order = { kind: 'mech', mechanism: 'divePlanes' }
    m.boat.elevation = 1
    m.boat.parts.push({ component: 'keel-weights', kind: 'keelWeights', space: 2, malfunctions: 0 })
    maneuver(ctx(), m, { elevation: 1 })
    // Aground at the awash bottom, the cut weights lift the boat one level: to the surface.
    expect([m.boat.elevation, m.boat.parts.some((p) => p.kind === 'keelWeights'), m.lost]).toEqual([
      0,
      false,
      undefined,
    ])
    m.boat.elevation = 1
    maneuver(ctx(), m, { elevation: 1 })
    expect([m.lost, m.boat.elevation]).toEqual(['aground with no Keel Weights to cut', 1])
  })

  it('p.25 a move needs the Steering order and a connector; moving takes off a Pursuit marker', () => {
    const m = trainingMission({ pursuit: 1, detected: true })
    expect(() => maneuver(ctx(), m, { to: 'channel' })).toThrow('a move needs the Steering order')
    m.boat.crew[0]!.order = { kind: 'steer' }
    expect(() => maneuver(ctx(), m, { to: 'basin' })).toThrow('basin is not next to wharf')
    maneuver(ctx(), m, { to: 'channel' })
    expect([m.position, m.movedThisTurn, m.pursuit, m.detected, m.farthest]).toEqual(['channel', true, 0, false, 1])
  })
})

describe('Infernal Machine Navigation Phase (p.26-30)', () => {
  it('p.28 card N01 at grade C, not with the drift: Drift on Easy, nothing on Full (the automatic crank); LR3 Panic awash without snorkel', () => {
    const m = trainingMission({ drift: 'calm' })
    m.boat.elevation = 1
    const c = ctx()
    navigate(c, m, AUTO_NAV)
    expect(c.notes.map((n) => n.text)).toEqual([
      'Navigation card N01: crank full, grade B, row not with the drift: no effect',
      'Fatigue on Moser',
      'Panic on Moser, Iron Nerves: Terror instead',
    ])
    expect(m.lastCrank).toBe('full')
  })

  it('p.28 incapacitated spaces and Nav arrows shift the grade right; a Propeller malfunction too', () => {
    const m = trainingMission({ position: 'flats', drift: 'strong' })
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 1
    const c = ctx({ 'drift cube 1': 1, 'drift cube 2': 1 })
    navigate(c, m, { ...AUTO_NAV, crank: () => 'easy' })
    // C + 1 arrow + 1 propeller + 1 LR3 strong drift = E: Lost on the not-with row.
    expect(c.notes[0]!.text).toBe('Navigation card N01: crank easy, grade E, row not with the drift: lost')
    expect(m.lost).toBe('the Navigation card says Lost')
  })

  it('p.27 Slack Water turns the drift and skips the card effects', () => {
    const m = trainingMission({
      navDeck: { drawPile: ['SLACK'], discards: [], reshuffles: 0 },
      driftDirection: 'flood',
    })
    navigate(ctx(), m, AUTO_NAV)
    expect(m.driftDirection).toBe('ebb')
  })

  it('p.29 Drift: one Black cube, an even roll: Panic', () => {
    const m = trainingMission({ drift: 'weak' })
    const c = ctx({ 'drift cube 1': 1, 'drift cube black': 4 })
    drift(c, m)
    expect(c.notes.map((n) => n.text)).toEqual([
      'Drift Table (shore, weak): one cube',
      'one cube: Black, 4: Panic',
      'Panic on Moser, Iron Nerves: Terror instead',
    ])
  })

  it('p.29 two cubes: Black+Black drifts the boat with the tide, Black+Red a Leak, Red+Red a Dive', () => {
    const bb = trainingMission({ drift: 'strong', driftDirection: 'ebb' })
    drift(ctx({ 'drift cube 1': 1, 'drift cube 2': 1 }), bb)
    expect(bb.position).toBe('channel')
    const br = trainingMission({ drift: 'strong' })
    drift(ctx({ 'drift cube 1': 1, 'drift cube 2': 6 }), br)
    expect(br.boat.leaks).toBe(1)
    const rr = trainingMission({ drift: 'strong' })
    drift(ctx({ 'drift cube 1': 7, 'drift cube 2': 6 }), rr)
    expect(rr.boat.elevation).toBe(1)
  })

  it('p.29 a drift cube from an empty Fate Pool: Lost', () => {
    const m = trainingMission({ drift: 'weak', pool: { black: 0, red: 0 } })
    drift(ctx(), m)
    expect(m.lost).toBe('a drift cube is needed and the Fate Pool is empty')
  })
})

describe('Infernal Machine Repair and Rally (p.31-33)', () => {
  it('p.12 leaks: one cube per uncontrolled leak (IM-11), Red is Panic; Leak Control stays one', () => {
    const m = trainingMission({ pool: { black: 0, red: 3 } })
    m.boat.leaks = 2
    m.boat.crew[0]!.order = { kind: 'leakControl' }
    const c = ctx({ 'leak cube 1': 1 })
    leakCubes(c, m)
    expect(c.notes.map((n) => n.text)).toEqual([
      '2 Leak(s), 1 controlled: 1 cube(s) drawn',
      'leak cube 1: red',
      'Panic on Moser, Iron Nerves: Terror instead',
    ])
  })

  it('p.31 a repairman next to the mechanism takes one marker off (R1 Steering Link)', () => {
    const m = trainingMission()
    m.boat.parts.find((p) => p.kind === 'steeringLink')!.malfunctions = 2
    m.boat.crew[1]!.order = { kind: 'repair', target: 'steeringLink' }
    repairs(ctx(), m)
    expect(m.boat.parts.find((p) => p.kind === 'steeringLink')!.malfunctions).toBe(1)
  })

  it('p.32 the Propeller repairs only at surface or awash, and after a Full crank the repairman panics (IM-12)', () => {
    const m = trainingMission({ lastCrank: 'full' })
    m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions = 1
    m.boat.crew[2]!.space = 3
    m.boat.crew[2]!.order = { kind: 'repair', target: 'propeller' }
    m.boat.crew[2]!.id = 'wilson'
    const c = ctx()
    repairs(c, m)
    expect(c.notes.map((n) => n.text)).toEqual(['A.J. Wilson repairs after a full crank: Panic on A.J. Wilson'])
    expect(m.boat.parts.find((p) => p.kind === 'propeller')!.malfunctions).toBe(1)
  })

  it('p.32 Morale Boost after an Easy crank with no malfunction; none with a malfunction', () => {
    const m = trainingMission()
    m.boat.crew[1]!.fatigue = true
    moraleBoost(ctx(), m, AUTO_REPAIR)
    expect(m.boat.crew[1]!.fatigue).toBe(false)
    moraleBoost(ctx(), m, AUTO_REPAIR)
    expect(m.pool.black).toBe(6)
    m.boat.parts[0]!.malfunctions = 1
    moraleBoost(ctx(), m, AUTO_REPAIR)
    expect(m.pool.black).toBe(6)
  })

  it('p.33 Fresh Air at surface after Easy: one Panic off per operable hatch; Rally clears a space', () => {
    const m = trainingMission()
    m.boat.crew[1]!.panic = true
    m.boat.crew[2]!.panic = true
    m.boat.crew[3]!.fatigue = true
    rallyPhase(ctx(), m, AUTO_REPAIR)
    expect(m.boat.crew.map((c) => [c.panic, c.fatigue])).toEqual([
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ])
    expect(m.rally).toBe(0)
  })
})

describe('Infernal Machine Teamwork and Must Steer (p.24-25, p.31-32)', () => {
  it('p.31 one repairman a mechanism; p.32 example: with Teamwork two work the engine, Fatigue off first, then the Malfunction', () => {
    const m = trainingMission({ pool: { black: 0, red: 0 } })
    m.boat.parts.push({ component: 'boiler-engine', kind: 'boilerEngine', space: 2, malfunctions: 1 })
    m.boat.engineFatigue = 1
    m.boat.crew[2] = { id: 'kreiner', space: 2, fatigue: false, panic: false, terror: false }
    m.boat.crew[3] = { id: 'robinson', space: 2, fatigue: false, panic: false, terror: false }
    const both = {
      kreiner: { kind: 'repair' as const, target: 'boilerEngine' as const },
      robinson: { kind: 'repair' as const, target: 'boilerEngine' as const },
    }
    expect(orderErrors(pack, m.boat, both)).toEqual(['only one repairman on the boilerEngine without Teamwork'])
    m.boat.crew[3] = { id: 'leavitt', space: 2, fatigue: false, panic: false, terror: false }
    const team = { kreiner: both.kreiner, leavitt: both.robinson }
    expect(orderErrors(pack, m.boat, team)).toEqual([])
    m.boat.crew[2]!.order = team.kreiner
    m.boat.crew[3]!.order = team.leavitt
    const c = ctx()
    repairs(c, m)
    expect(c.notes.map((n) => n.text)).toEqual([
      'Henri Kreiner takes a Fatigue off the engine (0 left)',
      'Leavitt repairs the boilerEngine: 0 Malfunction marker(s) left',
    ])
    expect(m.pool.red).toBe(2)
  })

  it('p.24 a "must steer" crewman is the only one who may steer', () => {
    const raw = structuredClone(pack.personae.get('merriam')!)
    const boat = standardBoat(0)
    const mustPack = { ...pack, personae: new Map([...pack.personae, ['merriam', { ...raw, mustSteer: true }]]) }
    expect(orderErrors(mustPack, boat, { moser: { kind: 'steer' } })).toEqual(['only merriam may steer'])
  })
})

describe('Infernal Machine: a standing plan the rules refuse (p.25)', () => {
  it('p.25 a refused maneuver is reported and the turn goes on', () => {
    const m = trainingMission({ navDeck: { drawPile: ['SLACK'], discards: [], reshuffles: 0 } })
    const c = ctx()
    missionTurn(c, m, {
      ...AUTO_NAV,
      ...AUTO_REPAIR,
      ...AUTO_RESPONSE,
      ...AUTO_CONCUSSION,
      approach: () => 'easy',
      detonate: () => false,
      move: () => 'stay',
      targetChecks: () => [],
      attack: () => false,
      panicSpaceMechanism: (_m, o) => o[0]!,
      orders: () => ({}),
      maneuver: () => ({ to: 'channel' }),
      endMission: () => false,
      abandon: () => false,
    })
    expect(c.notes.map((n) => n.text).slice(0, 3)).toEqual([
      'Mission turn 2',
      'maneuver refused: a move needs the Steering order',
      'Navigation card: Slack Water, the drift turns to flood',
    ])
    expect(m.position).toBe('wharf')
  })
})
