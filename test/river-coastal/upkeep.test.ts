// Repairs, crews moved between stations and help off a sandbar (rulebook §9 L717, L741-745; §3
// L119-125; §8 L497-513; rulings RC-33, RC-59).
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, play, ruleset } from './play.ts'

const fresh = (): RiverState => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
const errors = (s: RiverState, side: string, text: string) =>
  ruleset.parseOrders(s, side, text).errors.map((e) => [e.message, e.suggestion])

describe('§9 L717 repairs', () => {
  it('§9 L717 a gun out for four moves is back in action the move after its time is up', () => {
    const shoots = (outUntil: number) => {
      const s = fresh()
      s.ships.GALE!.guns.BP = { status: 'out', outUntil, crewed: true }
      const step = play(s, { USA: 'GALE: SPEED 6; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
      return step.narrative.find((n) => n.text.startsWith('USS Galena BP'))?.text
    }
    expect(shoots(0)).toMatch(/^USS Galena BP \(sb100\) at CSS Tennessee/)
    expect(shoots(1)).toBe('USS Galena BP (FIRE BP AT TENN) held fire: out of action until move 2')
  })

  it('digest §4.2 REPAIR names a job the ship has, with no more hands than her spares', () => {
    const s = fresh()
    const spare = s.ships.GALE!.crew.spare
    expect(errors(s, 'USA', 'GALE: REPAIR 1')).toEqual([
      ['REPAIR: USS Galena has nothing a crew can repair (lasting damage cannot be, §9 L717)', undefined],
    ])
    s.ships.GALE!.effects.push({ kind: 'hardPort', until: 4 })
    s.ships.GALE!.guns.BP = { status: 'out', outUntil: 3, crewed: true }
    expect(errors(s, 'USA', 'GALE: REPAIR 2 STEERING')).toEqual([])
    expect(errors(s, 'USA', 'GALE: REPAIR 2 ENGINE')).toEqual([
      ['REPAIR ... ENGINE: not a repair job of USS Galena', 'her jobs: STEERING, BP or AUTO'],
    ])
    expect(errors(s, 'USA', `GALE: REPAIR ${spare + 1}`)[0]![0]).toBe(
      `REPAIR ${spare + 1}: USS Galena has ${spare} spare CPV (§9 L717)`,
    )
    expect(errors(s, 'USA', `GALE: SPEED 6; REPAIR ${spare} AUTO; BOARD TENN 1`)[0]![0]).toBe(
      `USS Galena has ${spare} spare CPV for repairs, boarding and landing together; this line uses ${spare + 1}`,
    )
  })

  it('§9 L743 n hands on a job do it n times as fast: three take two moves off what is left; only her side is told', () => {
    const s = fresh()
    s.ships.GALE!.effects.push({ kind: 'hardPort', until: 4 })
    const step = play(s, { USA: 'GALE: SPEED 6; REPAIR 3 STEERING' })
    expect(step.state.ships.GALE!.effects).toEqual([{ kind: 'hardPort', until: 2 }])
    const told = step.narrative.find((n) => /repair/.test(n.text))!
    expect(told).toEqual({
      audience: { kind: 'roles', roles: ['USA'] },
      rule: '§9 L717',
      text: "3 of USS Galena's hands repair steering: fit again after move 2",
    })
  })
})

describe('§3 L119-125 digest A7 CREW between stations', () => {
  it('§3 L121 a spare hand sent to an empty gun crews it at the end of the move; a crewed gun needs none', () => {
    const s = fresh()
    s.ships.GALE!.guns.BP!.crewed = false
    const spare = s.ships.GALE!.crew.spare
    const step = play(
      s,
      { USA: 'POLICY GALE ON STATION-EMPTY: HOLD\nGALE: SPEED 6; CREW SPARE TO BP; FIRE BP AT TENN' },
      { 'm1:GALE:BP:hit': 6 },
    )
    // not this move
    expect(step.narrative.filter((n) => n.text.startsWith('USS Galena BP')).map((n) => n.text)).toEqual([
      'USS Galena BP (FIRE BP AT TENN) held fire: no crew at the gun (CREW SPARE TO <gun> puts one there, §3 L119-125)',
    ])
    expect(step.state.ships.GALE!.guns.BP!.crewed).toBe(true)
    expect(step.state.ships.GALE!.crew.spare).toBe(spare - 1)
    expect(step.narrative.find((n) => n.text === 'USS Galena moves a CPV from SPARE to BP')!.audience).toEqual({
      kind: 'roles',
      roles: ['USA'],
    })
    expect(errors(step.state, 'USA', 'GALE: CREW SPARE TO BP')).toEqual([
      ['CREW SPARE TO BP: BP is crewed already', undefined],
    ])
    expect(errors(step.state, 'USA', 'GALE: CREW STOKERS TO BP')[0]![0]).toMatch(
      /^CREW STOKERS TO BP: stations are SPARE, ENGINE, BOILER and /,
    )
  })
})

describe('§3 L125 digest §4.5 spares fill empty stations', () => {
  it('§3 L125 at the start of the move a spare hand mans an empty gun, which fires that move; only her side is told', () => {
    const s = fresh()
    s.ships.GALE!.guns.BP!.crewed = false
    const spare = s.ships.GALE!.crew.spare
    const step = play(s, { USA: 'GALE: SPEED 6; FIRE BP AT TENN' }, { 'm1:GALE:BP:hit': 6 })
    expect(step.state.ships.GALE!.crew.spare).toBe(spare - 1)
    expect(step.narrative.some((n) => n.text.startsWith('USS Galena BP'))).toBe(true)
    expect(step.narrative.find((n) => n.text === "USS Galena's spare hands man BP")!.audience).toEqual({
      kind: 'roles',
      roles: ['USA'],
    })
  })

  it('digest §4.5 POLICY ... ON STATION-EMPTY: HOLD keeps the spares for boarding and repairs', () => {
    const s = fresh()
    s.ships.GALE!.crew.engine = 0
    const step = play(s, { USA: 'POLICY GALE ON STATION-EMPTY: HOLD\nGALE: SPEED 6' })
    expect(step.state.ships.GALE!.crew.engine).toBe(0)
  })
})

describe('§8 L497-513 ruling RC-59 help off a sandbar or stakes', () => {
  const stuck = (kind: 'sandbar' | 'stakes', attemptsLeft: number) => {
    const s = fresh()
    s.aground.TENN = { kind, attemptsLeft }
    s.ships.TENN!.aground = true
    s.ships.SELM!.pose = { pos: { x: 28100, y: 42000 }, heading: 18000 }
    return s
  }

  it('§8 L499 a friend stopped alongside gives a sandbar eight attempts in all', () => {
    const step = play(stuck('sandbar', 1), { CSA: 'TENN: REFLOAT ASSIST SELM' }, { 'm1:TENN:refloat': 1 })
    expect(step.state.aground.TENN).toEqual({ kind: 'sandbar', attemptsLeft: 4, assisted: true })
    expect(step.narrative.map((n) => n.text)).toContain('CSS Selma helps CSS Tennessee off')
    const alone = play(stuck('sandbar', 1), { CSA: 'TENN: SPEED 0' }, { 'm1:TENN:refloat': 1 })
    expect(alone.state.aground.TENN!.attemptsLeft).toBe(0)
  })

  it('§8 L513 on stakes the helped ship gets off on a 5 as well as a 6', () => {
    const step = play(stuck('stakes', 2), { CSA: 'TENN: REFLOAT ASSIST SELM' }, { 'm1:TENN:refloat': 5 })
    expect(step.state.aground.TENN).toBeUndefined()
    const alone = play(stuck('stakes', 2), {}, { 'm1:TENN:refloat': 5 })
    expect(alone.state.aground.TENN).toBeDefined()
  })

  it('§8 L499 a friend that is not alongside is no help; the line is refused for a ship afloat', () => {
    const s = stuck('sandbar', 1)
    s.ships.SELM!.pose = { pos: { x: 31000, y: 44000 }, heading: 18000 }
    const step = play(s, { CSA: 'TENN: REFLOAT ASSIST SELM' }, { 'm1:TENN:refloat': 1 })
    expect(step.state.aground.TENN!.attemptsLeft).toBe(0)
    expect(errors(fresh(), 'CSA', 'SELM: REFLOAT ASSIST TENN')).toEqual([
      ['REFLOAT: CSS Selma is not aground', undefined],
    ])
  })
})
