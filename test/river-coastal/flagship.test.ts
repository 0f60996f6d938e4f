// Nominating the flagship before move 1 (digest §1.2 P7, §4 L133-143, scenario A in digest §6.2).
import { describe, expect, it } from 'vitest'
import type { DataPack } from '../../src/games/contract.ts'
import { checkEnd } from '../../src/games/river-coastal/endOfMove.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { bindRiverPack, type RawRiverPack } from '../../src/games/river-coastal/pack.ts'
import { calm, deployed, play, ruleset } from './play.ts'

const pack = bindRiverPack((riverCoastalFactory.defaultPack() as DataPack<RawRiverPack>).content)
const fresh = () => ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm())
const nominate = (answer?: string) =>
  ruleset.resolve(fresh(), { orders: {}, decisions: answer === undefined ? {} : { 'FLAGSHIP-USA': answer } }, calm())

describe('digest §1.2 P7 the flagship is nominated with the first orders', () => {
  it('§6.2 Passing the Fort asks the Union, with its move-1 orders, which of its ships; Tecumseh by default', () => {
    const q = ruleset.awaiting(fresh()).find((a) => a.kind === 'decision' && a.decisionId === 'FLAGSHIP-USA')!
    expect(q).toMatchObject({ kind: 'decision', role: 'USA', decisionId: 'FLAGSHIP-USA', defaultOption: 'TECU' })
    expect(q.kind === 'decision' && q.options.map((o) => o.id)).toEqual(['TECU', 'CHIC', 'GALE', 'META'])
  })

  it('§6.3 Above the Bluffs fixes both flagships: nobody is asked', () => {
    const s = deployed(ruleset.setup('above-the-bluffs', {}, riverCoastalFactory.defaultPack(), calm()))
    expect(ruleset.awaiting(s).some((a) => a.kind === 'decision' && a.decisionId.startsWith('FLAGSHIP'))).toBe(false)
  })

  it('§4 L133-143 the answer puts the fleet commander aboard; the flag is seen by both sides', () => {
    const step = nominate('GALE')
    expect(step.state.flagships).toEqual({ USA: 'GALE' })
    expect(step.state.commanders.USA.aboard).toBe('GALE')
    expect(step.narrative[0]).toEqual({
      audience: { kind: 'public' },
      rule: '§4 L133-143',
      text: 'The USA flag flies in USS Galena',
    })
    // asked once: move 2 awaits only orders
    expect(ruleset.awaiting(step.state).every((a) => a.kind === 'orders')).toBe(true)
  })

  it('no answer, or a ship that is not the side’s own, leaves the flag in the scenario’s ship', () => {
    expect(nominate().state.flagships).toEqual({ USA: 'TECU' })
    expect(nominate('TENN').state.flagships).toEqual({ USA: 'TECU' })
    expect(nominate('TENN').state.commanders.USA.aboard).toBe('TECU')
  })

  it('§6 L391-423 DESTROY_FLAGSHIP is scored on the nominated ship', () => {
    const sc = pack.scenarios['passing-the-fort']!
    const endWith = (answer: string) => {
      const s = nominate(answer).state
      s.ships.META!.status = 'sunk'
      s.move = s.moves
      return checkEnd(s, sc, pack)!.summary
    }
    expect(endWith('META')).toBe('Objectives: USA 0 of 2, CSA 1 of 2: CSA wins')
    expect(endWith('TECU')).toBe('Objectives: USA 0 of 2, CSA 0 of 2: a draw')
  })

  it('a later move leaves the nomination as it was', () => {
    const step = play(nominate('CHIC').state, { USA: 'TECU: SPEED 6' })
    expect(step.state.flagships).toEqual({ USA: 'CHIC' })
    expect(step.narrative.some((n) => /flag flies/.test(n.text))).toBe(false)
  })
})
