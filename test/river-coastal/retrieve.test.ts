// The retrieve-grounded objective (rulebook §6 L419, digest §2.6 and A13, ruling RC-79): the enemy
// strands one of the holder's ships on a sandbar before the battle; she must come off by the refloat
// rules (§8 L497-499) and leave by her own side's edge.
import { describe, expect, it } from 'vitest'
import type { Question } from '../../src/games/contract.ts'
import { canSee as audienceAllows } from '../../src/games/contract.ts'
import { objectiveMet } from '../../src/games/river-coastal/endOfMove.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { defaultRiverPack } from '../../src/games/river-coastal/pack.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { csa, dice, play, ruleset, usa } from './play.ts'

const pack = defaultRiverPack()
type Side = 'USA' | 'CSA'

/** The objective cards of `scenario` kept: each holder of RETRIEVE_GROUNDED keeps it with DESTROY_FLAGSHIP. */
function kept(scenario: string, holders: Side[]) {
  const s = ruleset.setup(scenario, { objectiveCards: true }, riverCoastalFactory.defaultPack(), dice())
  const hand = (side: Side) =>
    holders.includes(side)
      ? ['RETRIEVE_GROUNDED', 'RUN_1_THROUGH', 'DESTROY_FLAGSHIP']
      : ['RUN_1_THROUGH', 'DESTROY_1_IRONCLAD', 'DESTROY_FLAGSHIP']
  s.dealt = { USA: hand('USA'), CSA: hand('CSA') }
  const decisions = { 'OBJECTIVES-USA': 'RUN_1_THROUGH', 'OBJECTIVES-CSA': 'RUN_1_THROUGH' }
  return ruleset.resolve(s, { orders: {}, decisions }, dice())
}
const question = (s: RiverState) => ruleset.awaiting(s)[0] as unknown as Question & { kind: string }
const strand = (s: RiverState, decisions: Record<string, string>) =>
  ruleset.resolve(s, { orders: {}, decisions }, dice())

describe('§6 L419 ruling RC-79 retrieve a friendly ship stuck on a sandbar', () => {
  it('ruling RC-79 the card is in each side deck', () => {
    expect(pack.tables.objectives.deck).toContain('RETRIEVE_GROUNDED')
  })

  it('§6 L419 the enemy of the holder is asked, after the cards are kept, which ship goes where; the default is the last that fits', () => {
    const step = kept('passing-the-fort', ['USA'])
    expect(step.state.phase).toBe('stranding')
    const asks = ruleset.awaiting(step.state)
    expect(asks.map((a) => [a.kind, a.role])).toEqual([['decision', 'CSA']])
    const q = question(step.state)
    expect(q.decisionId).toBe('STRAND-USA')
    // Metacomet draws 8.5 ft: the Dauphin shoal (6 ft) holds her; Tecumseh's turn comes last.
    expect(q.defaultOption).toBe('META AT 10.8,28 HEADING 0')
    expect(q.situation).toContain('dauphin-shoal: holds ships drawing 6 ft or more, about 10.8,28')
    // a side that did not keep the card is asked nothing
    expect(kept('passing-the-fort', []).state.phase).toBe('moves')
  })

  it('ruling RC-79 the place is checked: a ship of the holder, on a bar deep enough to hold her, clear of land and of other ships', () => {
    const s = kept('passing-the-fort', ['USA']).state
    const q = question(s)
    const answer = (text: string) => ruleset.parseAnswer!(s, q, text)
    expect(answer('TENN AT 10,24 HEADING 180')).toEqual({ error: 'TENN is not one of the USA ships' })
    expect(answer('CHIC AT 10 24')).toEqual({ error: 'a stranding reads <ship> AT <x>,<y> HEADING <degrees>' })
    expect(answer('TECU AT 24,20 HEADING 0')).toEqual({
      error: 'USS Tecumseh at 24,20 would be on no sandbar that holds a ship drawing 13.5 ft',
    })
    // the middle ground (9 ft) holds Tecumseh but not Chickasaw (6 ft)
    expect(answer('TECU AT 18,45 HEADING 90')).toEqual({ answer: 'TECU AT 18,45 HEADING 90' })
    expect(answer('CHIC AT 18,45 HEADING 90')).toHaveProperty('error')
    expect(answer('CHIC AT 42,26 HEADING 0')).toEqual({ error: 'USS Chickasaw at 42,26 would be on Mobile Point' })
    expect(answer('CHIC AT 34,12 HEADING 0')).toEqual({
      error: 'USS Chickasaw at 34,12 would be touching USS Tecumseh',
    })
    expect(answer('chic at 10,24 heading 180')).toEqual({ answer: 'CHIC AT 10,24 HEADING 180' })
  })

  it('§8 L497 ruling RC-79 she is stuck where placed, stopped, with the four attempts of a sandbar; both sides are told', () => {
    const step = strand(kept('passing-the-fort', ['USA']).state, { 'STRAND-USA': 'CHIC AT 10,24 HEADING 180' })
    const s = step.state
    expect(s.phase).toBe('moves')
    expect(s.stranded).toEqual({ USA: 'CHIC' })
    expect(s.ships.CHIC!.pose).toEqual({ pos: { x: 10000, y: 24000 }, heading: 18000 })
    expect(s.directives.CHIC).toBeUndefined() // her FOLLOW of Tecumseh (RC-63) is dropped
    expect([s.ships.CHIC!.speed, s.ships.CHIC!.aground]).toEqual([0, true])
    expect(s.aground.CHIC).toEqual({ kind: 'sandbar', attemptsLeft: 4 })
    const text =
      'USS Chickasaw is stuck on dauphin-shoal at 10,24, placed by the CSA commander: she must be got off and brought out by the downstream edge'
    for (const v of [usa, csa])
      expect(step.narrative.filter((n) => audienceAllows(v, n.audience)).map((n) => n.text)).toContain(text)
  })

  it('ruling RC-79 no answer, or one refused, takes the default; when both sides hold the card the second ship is kept clear of the first', () => {
    const both = kept('passing-the-fort', ['USA', 'CSA']).state
    expect(ruleset.awaiting(both).map((a) => a.role)).toEqual(['CSA', 'USA'])
    const s = strand(both, {}).state
    expect(s.stranded).toEqual({ USA: 'META', CSA: 'SELM' })
    expect(s.ships.META!.pose.pos).toEqual({ x: 10800, y: 28000 })
    // Selma's default spot, the shoal's middle, is taken by Metacomet: she lies half-way to its first corner
    expect(s.ships.SELM!.pose).toEqual({ pos: { x: 5400, y: 24000 }, heading: 0 })
  })

  it('§9 L537 ruling RC-79 a stranded Confederate ship keeps her place through the hidden deployment', () => {
    const s = strand(kept('above-the-bluffs', ['CSA']).state, { 'STRAND-CSA': 'MORE AT 8,36 HEADING 0' }).state
    expect(s.phase).toBe('deployment')
    const p = ruleset.parseOrders(s, 'CSA', 'MORE: AT 34,60 HEADING 180')
    expect(p.errors.map((e) => e.message)).toEqual(['CSS Governor Moore is stuck where the enemy placed her (§6 L419)'])
  })

  it('§8 L497 §6 L419 she floats off on a 5-6 and the card is done once she leaves by her own edge, afloat and not a prize', () => {
    let s = strand(kept('passing-the-fort', ['USA']).state, { 'STRAND-USA': 'CHIC AT 10,24 HEADING 180' }).state
    const sc = pack.scenarios['passing-the-fort']!
    const met = (x: RiverState) => objectiveMet('RETRIEVE_GROUNDED', 'USA', x, sc, pack)
    expect(met(s)).toBe(false)
    s = play(s, {}, { 'm1:CHIC:refloat': 4 }).state
    expect(s.aground.CHIC).toEqual({ kind: 'sandbar', attemptsLeft: 3 })
    s = play(s, { USA: 'CHIC: SPEED 2' }, { 'm2:CHIC:refloat': 5 }).state
    expect(s.aground.CHIC).toBeUndefined()
    for (const speed of [4, 6, 6, 6, 6, 6, 6]) if (!s.exited.CHIC) s = play(s, { USA: `CHIC: SPEED ${speed}` }).state
    expect(s.exited.CHIC).toBe('downstream')
    expect(met(s)).toBe(true)
    // scored with the rest: the Tennessee sank on the way, so the Union has both its cards
    expect(s.finished?.summary).toBe('Objectives: USA 2 of 2, CSA 2 of 2: a draw')
    const upstream = structuredClone(s)
    upstream.exited.CHIC = 'upstream'
    expect(met(upstream)).toBe(false)
    const prize = structuredClone(s)
    prize.ships.CHIC!.prizeOf = 'USA'
    expect(met(prize)).toBe(false)
    const other = structuredClone(s)
    other.stranded = { USA: 'META' }
    expect(met(other)).toBe(false)
  })
})
