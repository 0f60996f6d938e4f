// Towing a friend stopped alongside (rulebook §7 L479-485 and §9 L541 name tugs and towing but give
// no rule; digest A49; ruling RC-49): the TOW order checked on receipt, the pair moving as one body
// at no more than half the tow's speed, and who tows whom told like any other movement.
import { describe, expect, it } from 'vitest'
import { distance } from '../../src/games/kit/geometry.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, play, ruleset } from './play.ts'

const fresh = (): RiverState => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
const errors = (s: RiverState, side: string, text: string) =>
  ruleset.parseOrders(s, side, text).errors.map((e) => [e.line, e.message, e.suggestion])
/** Selma (max 9 knots) stopped alongside Tennessee's starboard side, both heading south, both stopped. */
const lashed = (): RiverState => {
  const s = fresh()
  s.ships.SELM!.pose = { pos: { x: 28100, y: 42000 }, heading: 18000 }
  s.ships.SELM!.speed = 0
  s.ships.TENN!.speed = 0
  return s
}
const towLine = (n: { text: string }) => /in tow/.test(n.text)

describe('ruling RC-49 TOW is checked on receipt, with the line number', () => {
  it('ruling RC-49 a friend stopped alongside may be taken in tow', () => {
    expect(errors(lashed(), 'CSA', 'TENN: SPEED 0\nSELM: SPEED 2; TOW TENNESSEE')).toEqual([])
  })

  it('ruling RC-49 the friend must lie alongside (the boarding gap) and be one of her own side', () => {
    expect(errors(fresh(), 'CSA', 'GAIN: SPEED 0\nSELM: SPEED 2; TOW TENN')).toEqual([
      [
        2,
        'TOW TENN: CSS Tennessee is not alongside CSS Selma (hulls within the boarding gap, ruling RC-49)',
        undefined,
      ],
    ])
    expect(errors(lashed(), 'CSA', 'SELM: TOW TECU')[0]!.slice(0, 2)).toEqual([
      1,
      'TECU is not one of your ships afloat',
    ])
    expect(errors(lashed(), 'CSA', 'SELM: TOW SELM')[0]![1]).toBe('TOW SELM: name another of your ships afloat')
  })

  it('ruling RC-49 the friend must have been stopped last move, not aground and not at anchor', () => {
    const moving = lashed()
    moving.ships.TENN!.speed = 2
    expect(errors(moving, 'CSA', 'SELM: SPEED 2; TOW TENN')[0]![1]).toBe(
      'TOW TENN: CSS Tennessee must be stopped (speed 0 last move) to be taken in tow (ruling RC-49)',
    )
    const stuck = lashed()
    stuck.ships.TENN!.aground = true
    stuck.aground.TENN = { kind: 'sandbar', attemptsLeft: 4 }
    expect(errors(stuck, 'CSA', 'SELM: SPEED 2; TOW TENN')[0]![1]).toBe(
      'TOW TENN: CSS Tennessee is aground; help her off with REFLOAT ASSIST (§8 L499)',
    )
    const anchored = lashed()
    anchored.ships.TENN!.anchored = true
    expect(errors(anchored, 'CSA', 'SELM: SPEED 2; TOW TENN')[0]![1]).toBe(
      'TOW TENN: CSS Tennessee is at anchor and must weigh it first (§12 L1143)',
    )
  })

  it('digest A49 ruling RC-49 a ship towing makes at most half her speed (Selma: 4 of 9)', () => {
    const s = lashed()
    s.ships.SELM!.speed = 4
    expect(errors(s, 'CSA', 'SELM: SPEED 5; TOW TENN')).toEqual([
      [1, 'CSS Selma tows TENN: a ship towing makes at most 4 knots (half her 9, ruling RC-49)', 'SPEED 4'],
    ])
    expect(errors(s, 'CSA', 'SELM: SPEED 5')).toEqual([])
    // A tow that stands from an earlier move holds her to it too, until she casts off.
    s.ships.SELM!.towing = 'TENN'
    expect(errors(s, 'CSA', 'SELM: SPEED 5')[0]![1]).toBe(
      'CSS Selma tows TENN: a ship towing makes at most 4 knots (half her 9, ruling RC-49)',
    )
    expect(errors(s, 'CSA', 'SELM: SPEED 5; CAST OFF')).toEqual([])
  })

  it('ruling RC-49 CAST OFF needs a ship in tow; a ship towing takes no second tow', () => {
    expect(errors(lashed(), 'CSA', 'SELM: SPEED 2; CAST OFF')).toEqual([
      [1, 'CAST OFF: CSS Selma has no ship in tow (ruling RC-49)', undefined],
    ])
    const s = lashed()
    s.ships.SELM!.towing = 'GAIN'
    expect(errors(s, 'CSA', 'SELM: SPEED 2; TOW TENN')).toEqual([
      [1, 'TOW TENN: CSS Selma already has GAIN in tow', 'CAST OFF first'],
    ])
  })
})

describe('ruling RC-49 the pair moves as one body', () => {
  it('ruling RC-49 the towed ship keeps her place beside the tow and makes no way of her own', () => {
    const step = play(lashed(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    const selm = step.state.ships.SELM!
    const tenn = step.state.ships.TENN!
    expect(selm.pose.pos.y).toBeLessThan(42000)
    expect(tenn.pose).toEqual({ pos: { x: selm.pose.pos.x - 1100, y: selm.pose.pos.y }, heading: selm.pose.heading })
    expect(tenn.speed).toBe(0)
    // Without the tow she only drifts with the current, less far than the tow carries her.
    const alone = play(lashed(), { CSA: 'SELM: SPEED 2' })
    expect(alone.state.ships.TENN!.pose.pos.y).toBeGreaterThan(tenn.pose.pos.y)
  })

  it('ruling RC-49 the pair turns on the tow own radius (§7 L479) and the towed ship turns with her', () => {
    const before = lashed()
    const step = play(before, { CSA: 'SELM: SPEED 2; TURN PORT 10; TOW TENN' })
    const selm = step.state.ships.SELM!.pose
    const tenn = step.state.ships.TENN!.pose
    expect(selm.heading).toBe(17000)
    expect(tenn.heading).toBe(selm.heading)
    expect(Math.abs(distance(selm.pos, tenn.pos) - 1100)).toBeLessThanOrEqual(2)
  })

  it('ruling RC-49 a towed ship whose own line gives her a speed is still carried, not steamed, and is warned', () => {
    const step = play(lashed(), { CSA: 'SELM: SPEED 1; TOW TENN\nTENN: SPEED 2' })
    expect(step.state.ships.TENN!.speed).toBe(0)
    expect(step.state.ships.TENN!.pose.pos.x).toBe(step.state.ships.SELM!.pose.pos.x - 1100)
    const warned = ruleset.parseOrders(step.state, 'CSA', 'SELM: SPEED 1\nTENN: SPEED 2').warnings
    expect(warned.map((w) => [w.line, w.message])).toEqual([
      [2, 'CSS Tennessee is in tow of CSS Selma: she makes no way of her own (ruling RC-49)'],
    ])
  })
})

describe('ruling RC-49 a tow stands until cast off or parted', () => {
  it('ruling RC-49 the tow holds from move to move without a new TOW, and CAST OFF lets her go', () => {
    const first = play(lashed(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    expect(first.state.ships.SELM!.towing).toBe('TENN')
    const second = play(first.state, { CSA: 'SELM: SPEED 2' })
    const [selm, tenn] = [second.state.ships.SELM!.pose, second.state.ships.TENN!.pose]
    expect(tenn.pos).toEqual({ x: selm.pos.x - 1100, y: selm.pos.y })
    expect(second.narrative.filter(towLine).map((n) => n.text)).toEqual(['CSS Selma has CSS Tennessee in tow'])
    const third = play(second.state, { CSA: 'SELM: SPEED 2; CAST OFF' })
    expect(third.state.ships.SELM!.towing).toBeUndefined()
    expect(third.narrative.map((n) => n.text)).toContain('CSS Selma casts off CSS Tennessee')
    expect(third.state.ships.TENN!.pose.pos.y).toBeGreaterThan(third.state.ships.SELM!.pose.pos.y)
  })

  it('ruling RC-49 the tow parts when the ship in tow drops anchor', () => {
    const first = play(lashed(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    const next = play(first.state, { CSA: 'SELM: SPEED 2\nTENN: ANCHOR DROP' })
    expect(next.state.ships.SELM!.towing).toBeUndefined()
    expect(next.narrative.map((n) => n.text)).toContain('the tow between CSS Selma and CSS Tennessee parts')
  })
})

describe('ruling RC-49 who tows whom is told like any movement', () => {
  it('ruling RC-49 the enemy hears of the tow only if he saw the ships at the start of the move', () => {
    const seen = play(lashed(), { CSA: 'SELM: SPEED 2; TOW TENN' })
    expect(seen.narrative.filter(towLine)).toEqual([
      { audience: { kind: 'public' }, rule: 'ruling RC-49', text: 'CSS Selma takes CSS Tennessee in tow' },
    ])
    const hidden = lashed()
    // A fog too thick to see through: the Union sees neither ship before or after the move.
    hidden.seen.USA = []
    hidden.fog = 1
    const unseen = play(hidden, { CSA: 'SELM: SPEED 2; TOW TENN' })
    expect(unseen.narrative.filter(towLine).map((n) => n.audience)).toEqual([{ kind: 'roles', roles: ['CSA'] }])
  })
})
