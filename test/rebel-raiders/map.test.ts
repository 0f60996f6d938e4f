// The Rebel Raiders map pack (digest section 2; RB 3.1, 7.21-7.24): the spaces the rules name, the
// links with their evidence, and the checks a moderator's corrected map goes through.
import { describe, expect, it } from 'vitest'
import rawMap from '../../src/games/rebel-raiders/data/map.json' with { type: 'json' }
import { loadRebelMap, mapProblems, SHIP_LINKS, type RawMap } from '../../src/games/rebel-raiders/map.ts'
import { rawRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { testApp } from '../helpers/app.ts'

const map = loadRebelMap(structuredClone(rawMap)).content
const ofKind = (kind: string) => map.spaces.filter((s) => s.kind === kind).map((s) => s.id)

describe('RB 3.1: the spaces', () => {
  it('has 79 spaces: six coastal zones, 14 high seas, the Whaling Grounds, the Navy Yards and the rest', () => {
    expect(map.spaces).toHaveLength(79)
    expect(ofKind('coastal').sort()).toEqual(['CHES', 'EGLF', 'HATT', 'KEYS', 'SATL', 'WGLF'])
    expect(ofKind('highSeas')).toHaveLength(14)
    expect(ofKind('whaling')).toEqual(['WHAL'])
    expect(ofKind('navyYards')).toEqual(['NAVY'])
    expect(ofKind('fort')).toHaveLength(10)
    expect(ofKind('neutralPort')).toHaveLength(10)
  })

  it('RB 14.23: the original 20 Confederate cities and ports are 12 ocean ports, 4 river ports and 4 inland cities', () => {
    const csa = map.spaces.filter((s) => s.side === 'CSA' && s.kind !== 'fort')
    expect(csa).toHaveLength(20)
    expect(ofKind('oceanPort')).toHaveLength(12)
    expect(csa.filter((s) => s.kind === 'riverPort')).toHaveLength(4)
    expect(csa.filter((s) => s.kind === 'inlandCity')).toHaveLength(4)
  })

  it('RB 3.1: one blockade station per ocean port, named for it', () => {
    for (const port of ofKind('oceanPort')) expect(map.space(`${port}.BS`).port).toBe(port)
    expect(ofKind('blockadeStation')).toHaveLength(12)
  })
})

describe('RB 7.21-7.24: the links', () => {
  it('RB 7.21: a port adjoins its station, except New Orleans, reached through Forts Jackson & St. Philip', () => {
    for (const port of ofKind('oceanPort').filter((p) => p !== 'NORL'))
      expect(map.between(port, `${port}.BS`)).toEqual(['port'])
    expect(map.between('NORL', 'NORL.BS')).toEqual([])
    expect(map.between('NORL', 'FJSP')).toEqual(['river'])
    expect(map.between('FJSP', 'NORL.BS')).toEqual(['river'])
  })

  it('RB 7.22: the Cuban Coast touches the Keys, South America, the Bahamas and the Brazilian Coast; the Pacific only the Indian Ocean and the Whaling Grounds', () => {
    expect(map.neighbours('CUBA', ['sea']).sort()).toEqual(['BAHA', 'BRCO', 'KEYS', 'SAMR'])
    expect(map.neighbours('PACI').sort()).toEqual(['INDO', 'WHAL'])
    expect(map.neighbours('WHAL')).toEqual(['PACI'])
  })

  it('RB 3.1, 7.24: the Chattanooga line to Forts Henry & Donelson is closed to ships; land lines carry no ships', () => {
    expect(map.between('CHAT', 'HEND')).toEqual(['river-noships'])
    expect(map.neighbours('CHAT', SHIP_LINKS)).toEqual([])
    expect(map.between('NASH', 'MEMP')).toEqual(['land'])
  })

  it('RB 3.13: Tampa, Key West and Galveston have no land or river line', () => {
    for (const id of ['TAMP', 'KWST', 'GALV']) expect(map.neighbours(id, ['land', 'river'])).toEqual([])
  })

  it('every link says how sure it is and why; the ones the text leaves open are rulings', () => {
    for (const l of map.links) expect(l.src.length).toBeGreaterThan(3)
    const rulings = map.links.filter((l) => l.conf === 'ruling')
    expect(rulings.length).toBeGreaterThan(0)
    for (const l of rulings) expect(l.src).toMatch(/ruling RR-M1/)
  })

  it('the move arithmetic of the examples holds: Hatteras to the Keys, the Canaries to the Channel and to the Indian Ocean are two moves', () => {
    const distance = (from: string, to: string) => {
      const seen = new Map([[from, 0]])
      const queue = [from]
      while (queue.length) {
        const at = queue.shift()!
        for (const n of map.neighbours(at, ['sea']))
          if (!seen.has(n)) {
            seen.set(n, seen.get(at)! + 1)
            queue.push(n)
          }
      }
      return seen.get(to)
    }
    expect(distance('HATT', 'KEYS')).toBe(2)
    expect(distance('CANA', 'CHAN')).toBe(2)
    expect(distance('CANA', 'INDO')).toBe(2)
    expect(distance('NATL', 'CANA')).toBe(2)
    expect(distance('NAVY', 'WGLF')).toBe(6) // PB L1941: a sloop from the Navy Yards reaches the West Gulf with 6 MP
  })
})

describe('a moderator may load a corrected map; it goes through the same checks', () => {
  const edited = (change: (m: RawMap) => void) => {
    const m = structuredClone(rawMap) as RawMap
    change(m)
    return m
  }

  it('accepts a corrected link and changes the pack hash', () => {
    const corrected = edited((m) => {
      const l = m.links.find((x) => x.a === 'TAMP.BS')!
      l.b = 'KEYS'
      l.conf = 'E'
      l.src = 'checked on the printed map'
    })
    const pack = loadRebelMap(corrected)
    expect(pack.content.between('TAMP.BS', 'KEYS')).toEqual(['sea'])
    expect(pack.hash).not.toBe(loadRebelMap(structuredClone(rawMap)).hash)
  })

  it('refuses unknown spaces, links the text denies, stations off the coast and waters no ship can reach', () => {
    expect(() =>
      loadRebelMap(edited((m) => m.links.push({ a: 'NORL', b: 'NORL.BS', kind: 'port', conf: 'S', src: 'x' }))),
    ).toThrow(/NORL and NORL.BS are linked, but RB 7.21 says they do not touch/)
    expect(() =>
      loadRebelMap(edited((m) => m.links.push({ a: 'XXXX', b: 'CHES', kind: 'sea', conf: 'S', src: 'x' }))),
    ).toThrow(/unknown space XXXX/)
    const cut = edited((m) => {
      m.links = m.links.filter((l) => !(l.a === 'PACI' && l.b === 'INDO'))
    })
    expect(mapProblems(cut)).toEqual(['no ship can reach PACI', 'no ship can reach WHAL'])
    expect(() => loadRebelMap({ ...rawMap, spaces: 'none' })).toThrow(/the map does not parse: spaces/)
  })

  it('a game created with the corrected pack plays on the corrected map (pbem game create --data-pack; ruling RR-M1)', () => {
    const app = testApp('rr-corrected-map')
    try {
      const pack = rawRebelPack() as { map: RawMap }
      // The moderator's counter sheet shows Tampa's station on the Keys, not the East Gulf.
      const l = pack.map.links.find((x) => x.a === 'TAMP.BS')!
      l.b = 'KEYS'
      l.src = 'checked on the printed map'
      const players = [
        { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
        { role: 'union', address: 'usa@example.test', name: 'Welles' },
      ]
      app.judge.createGame({ game: 'fixed', ruleset: 'rebel-raiders', scenario: '1861', players, zone: 'UTC', pack })
      app.judge.createGame({ game: 'plain', ruleset: 'rebel-raiders', scenario: '1861', players, zone: 'UTC' })
      // The Mobile runner reaches Tampa's station from the Keys only on the corrected map.
      const order = 'MOVE BR-3 MOBL.BS > EGLF > KEYS > TAMP.BS'
      expect(app.judge.submitOrders('fixed', 'confederate', order).accepted).toBe(true)
      expect(app.judge.submitOrders('plain', 'confederate', order).accepted).toBe(false)
      expect(() =>
        app.judge.createGame({
          game: 'broken',
          ruleset: 'rebel-raiders',
          scenario: '1861',
          players,
          zone: 'UTC',
          pack: {
            ...pack,
            map: {
              ...pack.map,
              links: [...pack.map.links, { a: 'NORL', b: 'NORL.BS', kind: 'port', conf: 'S', src: 'x' }],
            },
          },
        }),
      ).toThrow(/NORL and NORL.BS are linked/)
    } finally {
      app.cleanup()
    }
  })
})
