// Burning ships on each side's plot and in its list of enemy ships in sight (rulebook §9 L543-553,
// ruling RC-90): a fire ship alight, or a ship that caught fire, is shown burning to whoever sees
// her, and to no one else.
import { describe, expect, it } from 'vitest'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { calm, csa, ruleset, usa } from './play.ts'

/** Both rafts alight: No. 2 adrift in the Union's sight, No. 1 still far upstream; Metacomet on fire. */
function burning(): RiverState {
  const s = ruleset.setup('fire-rafts', {}, riverCoastalFactory.defaultPack(), calm())
  s.ships.RAFA!.blaze = { alight: true }
  s.ships.RAFB!.blaze = { alight: true }
  s.ships.META!.fire = { movesLeft: 4, putOutOn: [6] }
  return s
}
const plot = (s: RiverState, viewer: typeof usa) => ruleset.figures!(s, viewer, [])[0]!.svg
const enemies = (s: RiverState, viewer: typeof usa) =>
  (ruleset.reportModel(s, viewer) as { rc: { enemies: { id: string; status: string }[] } }).rc.enemies

describe('ruling RC-90 burning ships on the plot and in the list of enemies in sight', () => {
  it('§9 L543 ruling RC-90 the Union sees the raft in sight alight, and nothing of the one it cannot see', () => {
    const s = burning()
    expect(s.seen.USA).toEqual(['RAFB'])
    expect(enemies(s, usa)).toEqual([expect.objectContaining({ id: 'RAFB', status: 'afloat, alight' })])
    const svg = plot(s, usa)
    expect(svg).toContain('<title>Fire raft No. 2 alight</title>')
    expect(svg).not.toContain('Fire raft No. 1')
    expect(svg.match(/class="fire"/g)).toHaveLength(2) // the raft in sight and Metacomet, her own
    expect(svg).toContain('<title>USS Metacomet on fire</title>')
  })

  it('§9 L547-553 ruling RC-90 the Confederates see a Union ship on fire, and both their own rafts alight', () => {
    const s = burning()
    // Fire raft No. 2 is the Confederates' eye on the anchorage
    expect(s.seen.CSA).toContain('META')
    expect(enemies(s, csa).find((e) => e.id === 'META')!.status).toBe('afloat, on fire')
    expect(enemies(s, csa).find((e) => e.id === 'GALE')!.status).toBe('afloat')
    const svg = plot(s, csa)
    for (const t of ['Fire raft No. 1 alight', 'Fire raft No. 2 alight', 'USS Metacomet on fire'])
      expect(svg).toContain(`<title>${t}</title>`)
  })

  it('ruling RC-90 a burning ship that has sunk or left the table draws no flame', () => {
    const s = burning()
    s.ships.RAFB!.status = 'sunk'
    s.exited.META = 'downstream'
    expect(plot(s, csa)).not.toContain('<title>USS Metacomet on fire</title>')
    expect(plot(s, csa)).not.toContain('<title>Fire raft No. 2 alight</title>')
    expect(plot(s, usa).match(/class="fire"/g)).toBeNull()
  })
})
