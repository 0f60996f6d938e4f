// 4.4 ENTER-PORT names the port's nation: the counter codes F and S are also ship types
// (frigate, sloop), so an order writes ENTER-PORT SPAIN, and the old codes are refused with the
// word to write.
import { describe, expect, it } from 'vitest'
import { portWord } from '../../../src/games/sea-devils/nations.ts'
import { SHIP_TYPES } from '../../../src/games/sea-devils/pack.ts'
import { FWDT, P, areaDef, fresh, parse, placeCsa, resolve, withoutSumter } from './helpers.ts'

function alaAt(area: string) {
  const s = fresh()
  withoutSumter(s)
  placeCsa(s, 'ALA', area)
  return s
}

describe('4.4 ENTER-PORT takes the nation, never a code that reads as a ship type', () => {
  it('4.4: no order word for a port is a ship type, and no area has two ports of one word', () => {
    for (const a of P.areas) {
      const words = a.ports.map((p) => portWord(p.nat))
      for (const w of words) expect(SHIP_TYPES as readonly string[]).not.toContain(w)
      expect(new Set(words).size, a.id).toBe(words.length)
    }
  })

  it('4.4: ENTER-PORT SPAIN puts into the Spanish colonial port, named so in the report and the echo', () => {
    expect(areaDef('C11').ports.map((p) => p.nat)).toEqual(['S'])
    const s = alaAt('C10')
    const echoed = parse(s, 'confederate', 'ALA: MOVE C11\nALA: ENTER-PORT spain').normalised.join('\n')
    expect(echoed).toContain('ENTER-PORT SPAIN')
    const r = resolve(s, { confederate: 'ALA: MOVE C11\nALA: ENTER-PORT SPAIN', dice: [FWDT] })
    expect(r.state.csa.ALA!.port).toBe('S')
    expect(r.texts('4.4')).toContain('ALA puts into the Spanish colonial port in C11.')
  })

  it('4.4: the old codes are refused with the word to write', () => {
    const s = alaAt('C10')
    for (const [code, word] of [
      ['S', 'SPAIN'],
      ['E', 'ENGLAND'],
      ['F', 'FRANCE'],
      ['H', 'HOLLAND'],
      ['P', 'PORTUGAL'],
      ['VEN', 'VENEZUELA'],
    ]) {
      const p = parse(s, 'confederate', `ALA: MOVE C11\nALA: ENTER-PORT ${code}`)
      expect(p.errors).toEqual([
        {
          line: 2,
          text: `ALA: ENTER-PORT ${code}`,
          message: `ENTER-PORT takes the nation's name, not the code ${code}`,
          suggestion: `write ENTER-PORT ${word}`,
        },
      ])
    }
  })

  it('4.4: a nation with no port in the area is refused on receipt, naming the ports there by their words', () => {
    const s = alaAt('C10')
    const p = parse(s, 'confederate', 'ALA: MOVE C11\nALA: ENTER-PORT ENGLAND')
    expect(p.errors.map((e) => e.message).join('\n')).toMatch(/C11 has no ENGLAND port \(ports here: SPAIN\)/)
  })
})
