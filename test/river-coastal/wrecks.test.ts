// Sunken vessels as hazards (rulebook §8 L529-531, digest A20, ruling RC-20): a ship that sinks in a
// river or estuary leaves her hull on the bottom; a ship crossing it is snagged and has two attempts,
// each on a 6, to work clear. The judge's helm steers round the wrecks her side knows of.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import { holdCourse, waters } from '../../src/games/river-coastal/pilot.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, play, ruleset } from './play.ts'

const pack = defaultRiverPack()
const fort = pack.scenarios['passing-the-fort']!
/** Selma sunk where she lies; one quiet move records her wreck. */
function withWreck(): RiverState {
  const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
  s.ships.SELM!.status = 'sunk'
  return play(s, { USA: 'DIRECTIVE CHIC NONE\nDIRECTIVE META NONE' }).state
}

describe('§8 L529-531 ruling RC-20 sunken vessels', () => {
  it('§8 L529 a ship that sinks leaves her hull as a wreck, known to her side and to an enemy who saw her', () => {
    const s = withWreck()
    expect(s.wrecks!.map((w) => [w.id, w.knownTo])).toEqual([['wreck-SELM', ['CSA', 'USA']]])
    expect(waters(fort, pack, s, 'USA').hazards.filter((h) => h.kind === 'wreck')).toHaveLength(1)
    s.wrecks![0]!.knownTo = ['CSA']
    expect(waters(fort, pack, s, 'USA').hazards.filter((h) => h.kind === 'wreck')).toHaveLength(0)
  })

  it('§8 L531 a ship crossing a wreck is snagged, with no roll', () => {
    const s = withWreck()
    s.ships.GAIN!.pose = { pos: { x: 31000, y: 49000 }, heading: 18000 }
    s.ships.GAIN!.speed = 2
    const step = play(s, { CSA: 'GAIN: SPEED 4' })
    expect(step.state.aground.GAIN).toMatchObject({ kind: 'wreck', attemptsLeft: 2 })
    expect(step.narrative.map((n) => n.text)).toContain('CSS Gaines runs aground on wreck-SELM')
  })

  it('§8 L531 two attempts to work clear, each on a 6; after them she stays for good', () => {
    const s = withWreck()
    s.ships.GAIN!.pose = { pos: { x: 31000, y: 49000 }, heading: 18000 }
    s.ships.GAIN!.speed = 2
    const stuck = play(s, { CSA: 'GAIN: SPEED 4' }).state
    const n = stuck.move
    const free = play(stuck, {}, { [`m${n}:GAIN:refloat`]: 6 })
    expect(free.state.aground.GAIN).toBeUndefined()
    const one = play(stuck, {}, { [`m${n}:GAIN:refloat`]: 5 })
    expect(one.narrative.map((x) => x.text)).toContain('CSS Gaines stays snagged (1 attempts left)')
    const two = play(one.state, {}, { [`m${n + 1}:GAIN:refloat`]: 5 })
    expect(two.state.aground.GAIN).toMatchObject({ kind: 'wreck', attemptsLeft: 0 })
    expect(play(two.state, {}).state.aground.GAIN).toMatchObject({ kind: 'wreck', attemptsLeft: 0 })
  })

  it('ruling RC-20 the helm steers round a wreck her side knows of, and only then', () => {
    const s = withWreck()
    s.ships.GAIN!.pose = { pos: { x: 31000, y: 49000 }, heading: 18000 }
    s.ships.GAIN!.speed = 4
    expect(holdCourse(s, s.ships.GAIN!, fort, pack)?.note).toContain('to keep clear of danger ahead')
    s.wrecks![0]!.knownTo = ['USA']
    expect(holdCourse(s, s.ships.GAIN!, fort, pack)).toBeNull()
  })
})
