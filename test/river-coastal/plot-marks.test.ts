// Smoke and wrecks on each side's plot (rulebook §9 L573-579 ruling RC-61, §8 L529-531 ruling
// RC-20, ruling RC-78): a side's plot shows the wrecks it knows of and the clouds it can see, and
// nothing else; the legend says so.
import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../src/games/contract.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, play, ruleset, usa } from './play.ts'

const observer: Viewer = { kind: 'observer' }
const moderator: Viewer = { kind: 'moderator' }
const plot = (s: RiverState, v: Viewer) => ruleset.figures!(s, v, [])[0]!.svg
const count = (svg: string, what: string) => svg.split(`<title>${what}</title>`).length - 1

/** Passing the Fort with smoke, still air; Galena's cloud at `at`. */
function withCloud(at: { x: number; y: number }): RiverState {
  const s = ruleset.setup(
    'passing-the-fort',
    { smoke: true },
    riverCoastalFactory.defaultPack(),
    calm({ 'weather:wind': 1 }),
  )
  s.smoke = [{ ship: 'GALE', pos: at, size: 500, fired: 1, until: s.move + 2 }]
  return s
}

describe('ruling RC-78 smoke and wrecks on the plot', () => {
  it('§9 L573-579 ruling RC-61 a side is shown its own clouds, and an enemy cloud only when one of its ships or forts sees it', () => {
    const near = withCloud(
      ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm()).ships.TENN!.pose.pos,
    )
    near.smoke![0]!.pos = { x: near.ships.TENN!.pose.pos.x + 3000, y: near.ships.TENN!.pose.pos.y }
    expect(count(plot(near, usa), 'smoke')).toBe(1)
    expect(count(plot(near, csa), 'smoke')).toBe(1)
    expect(count(plot(near, observer), 'smoke')).toBe(1)
    // a fog of 1": no Confederate ship or fort is within sight of the cloud any more
    near.fog = 1000
    expect(count(plot(near, usa), 'smoke')).toBe(1)
    expect(count(plot(near, csa), 'smoke')).toBe(0)
    expect(count(plot(near, observer), 'smoke')).toBe(0)
    expect(count(plot(near, moderator), 'smoke')).toBe(1)
  })

  it('§9 L579 a cloud that has blown over is not drawn', () => {
    const s = withCloud({ x: 30000, y: 20000 })
    s.smoke![0]!.until = s.move - 1
    expect(count(plot(s, usa), 'smoke')).toBe(0)
  })

  it('§8 L529-531 ruling RC-20 a wreck is drawn for the sides that know of it, and only those', () => {
    const s: RiverState = ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
    s.ships.SELM!.status = 'sunk'
    const after = play(s, { USA: 'DIRECTIVE CHIC NONE\nDIRECTIVE META NONE' }).state
    expect(after.wrecks!.map((w) => w.knownTo)).toEqual([['CSA', 'USA']])
    expect(count(plot(after, usa), 'wreck')).toBe(1)
    expect(count(plot(after, csa), 'wreck')).toBe(1)
    after.wrecks![0]!.knownTo = ['CSA']
    expect(count(plot(after, usa), 'wreck')).toBe(0)
    expect(count(plot(after, csa), 'wreck')).toBe(1)
    expect(count(plot(after, observer), 'wreck')).toBe(0)
    expect(count(plot(after, moderator), 'wreck')).toBe(1)
    // the sunk ship herself is not drawn: the wreck is the only mark
    expect(plot(after, csa)).not.toContain('<title>CSS Selma</title>')
  })

  it('ruling RC-78 the legend names the smoke and the wrecks', () => {
    const model = ruleset.reportModel!(withCloud({ x: 30000, y: 20000 }), usa) as { rc: { legend: string } }
    expect(model.rc.legend).toContain('smoke grey squares, wrecks dark dashed hulls')
  })
})
