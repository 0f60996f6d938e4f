import { describe, expect, it } from 'vitest'
import {
  checkPack,
  loadSeaDevilsPack,
  seaDevilsPackSchema,
  type SeaDevilsPack,
} from '../../src/games/sea-devils/pack.ts'
import { rawSeaDevilsPack } from '../../src/games/sea-devils/data/index.ts'

const pack = (): SeaDevilsPack => loadSeaDevilsPack(rawSeaDevilsPack()).content
const area = (p: SeaDevilsPack, id: string) => {
  const a = p.areas.find((x) => x.id === id)
  if (!a) throw new Error(`no area ${id}`)
  return a
}
const ship = (p: SeaDevilsPack, id: string) => {
  const s = p.ships.find((x) => x.id === id)
  if (!s) throw new Error(`no ship ${id}`)
  return s
}
/** Shortest move counts from one area over adjacency and edge wraps. */
const distances = (p: SeaDevilsPack, from: string) => {
  const byId = new Map(p.areas.map((a) => [a.id, a]))
  const dist = new Map([[from, 0]])
  const queue = [from]
  while (queue.length) {
    const cur = queue.shift()!
    const a = byId.get(cur)!
    for (const n of [...a.adj, ...a.wraps]) {
      if (!dist.has(n)) {
        dist.set(n, dist.get(cur)! + 1)
        queue.push(n)
      }
    }
  }
  return dist
}

describe('embedded Sea Devils pack', () => {
  it('loads with no schema or check problems', () => {
    const raw = rawSeaDevilsPack()
    expect(() => loadSeaDevilsPack(raw)).not.toThrow()
    const loaded = loadSeaDevilsPack(raw)
    expect(loaded.id).toBe('sea-devils-reconstructed-1')
    expect(checkPack(loaded.content)).toEqual([])
    expect(loaded.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('returns a fresh copy each time', () => {
    const a = rawSeaDevilsPack() as { areas: unknown[] }
    a.areas.length = 0
    expect(pack().areas.length).toBeGreaterThan(0)
  })

  it('has 80-110 areas, a connected graph and no diagonal oddities', () => {
    const p = pack()
    expect(p.areas.length).toBeGreaterThanOrEqual(80)
    expect(p.areas.length).toBeLessThanOrEqual(110)
    expect(distances(p, 'C15').size).toBe(p.areas.length)
    for (const a of p.areas) {
      expect(a.adj).not.toContain(a.id)
      for (const w of a.wraps) expect(a.adj).not.toContain(w)
      expect(a.x).toBeGreaterThanOrEqual(0)
      expect(a.x).toBeLessThanOrEqual(1000)
      expect(a.y).toBeGreaterThanOrEqual(0)
      expect(a.y).toBeLessThanOrEqual(500)
    }
  })

  it('lets Sumter reach the Caribbean, Brazil and Europe from C15 within a few moves', () => {
    const d = distances(pack(), 'C15')
    expect(d.get('C11')).toBeLessThanOrEqual(2)
    expect(d.get('C12')).toBeLessThanOrEqual(5)
    expect(d.get('C18')).toBeLessThanOrEqual(9)
    expect(d.get('C8')).toBeLessThanOrEqual(8)
    expect(d.get('C2')).toBeLessThanOrEqual(10)
  })
})

describe('8b: where the map draws each area', () => {
  it('8b: every area carries the longitude and latitude of its label, tagged reconstructed', () => {
    for (const a of pack().areas) {
      expect(a.lon, a.id).toBeGreaterThanOrEqual(-180)
      expect(a.lon, a.id).toBeLessThanOrEqual(180)
      expect(a.lat, a.id).toBeGreaterThan(-60)
      expect(a.lat, a.id).toBeLessThan(70)
      expect(a.prov, a.id).toMatchObject({ lon: 'reconstructed', lat: 'reconstructed' })
    }
    // A few the names make certain: England's Channel coast, Bermuda, Hawaii, the Cape.
    const near = (id: string, lon: number, lat: number) => {
      const a = area(pack(), id)
      expect(Math.abs(a.lon! - lon) + Math.abs(a.lat! - lat), id).toBeLessThan(8)
    }
    near('C2', -2, 50)
    near('C13', -64.8, 32.3)
    near('C60', -157, 21)
    near('C33', 18, -34)
  })

  it('8b: a pack saved before the map had geography still loads', () => {
    const raw = rawSeaDevilsPack() as { areas: Record<string, unknown>[] }
    for (const a of raw.areas) {
      delete a.lon
      delete a.lat
      delete (a.prov as Record<string, string>).lon
      delete (a.prov as Record<string, string>).lat
    }
    expect(checkPack(loadSeaDevilsPack(raw).content)).toEqual([])
  })
})

describe('area codes named in the rules', () => {
  it('every code the text names exists with its kind', () => {
    const p = pack()
    const named = [
      'C2',
      'C5',
      'C7',
      'C8',
      'C9',
      'C10',
      'C12',
      'C13',
      'C14',
      'C15',
      'C16',
      'C18',
      'C39',
      'C40',
      'C43',
      'C44',
      'C45',
      'C48',
      'C50',
      'C52',
      'C54',
      'C57',
      'C60',
      'C66',
      'C86',
      'D7',
      'D58',
      'D68',
      'D76',
    ]
    for (const id of named) expect(area(p, id).kind).toBe(id[0])
  })

  it('C2 is England and C5 is France (2.12, 9.34, 9.35)', () => {
    const p = pack()
    const eng = area(p, 'C2').ports.find((x) => x.nat === 'England')
    const fra = area(p, 'C5').ports.find((x) => x.nat === 'France')
    expect(eng).toMatchObject({ coal: true, commission: true, repairRefit: true, cplThreshold: -19 })
    expect(fra).toMatchObject({ coal: true, commission: true, repairRefit: true, cplThreshold: -6 })
    expect(area(p, 'C2').adj).toContain('C5')
  })

  it('C8 has an English colonial port', () => {
    expect(area(pack(), 'C8').ports.some((x) => x.nat === 'E')).toBe(true)
  })

  it('C14 and C15 hold the only CSA ports (4.41)', () => {
    const p = pack()
    for (const id of ['C14', 'C15'])
      expect(area(p, id).ports.find((x) => x.nat === 'CSA')).toMatchObject({
        coal: true,
        commission: true,
        repairRefit: true,
      })
    const csa = p.areas.filter((a) => a.ports.some((x) => x.nat === 'CSA')).map((a) => a.id)
    expect(csa.sort()).toEqual(['C14', 'C15'])
  })

  it('only England, France and CSA ports repair and refit (9.0, 11.31)', () => {
    for (const a of pack().areas)
      for (const port of a.ports) if (port.repairRefit) expect(['England', 'France', 'CSA']).toContain(port.nat)
  })

  it('C9 and C54 refuse refuge (4.42) and hold USA ports', () => {
    const p = pack()
    for (const id of ['C9', 'C54']) {
      expect(area(p, id).noRefuge).toBe(true)
      expect(area(p, id).ports.some((x) => x.nat === 'USA')).toBe(true)
    }
    expect(
      p.areas
        .filter((a) => a.noRefuge)
        .map((a) => a.id)
        .sort(),
    ).toEqual(['C54', 'C9'])
    expect(area(p, 'C9').density).toBeGreaterThanOrEqual(1)
  })

  it('C39 wraps to C86 and D76 on both sides (4.22)', () => {
    const p = pack()
    expect(area(p, 'C39').wraps).toEqual(expect.arrayContaining(['C86', 'D76']))
    expect(area(p, 'C86').wraps).toContain('C39')
    expect(area(p, 'D76').wraps).toContain('C39')
    expect(area(p, 'C39').adj).not.toContain('C86')
    expect(area(p, 'C39').x).toBeLessThan(100)
    expect(area(p, 'C86').x).toBeGreaterThan(900)
    expect(area(p, 'D76').x).toBeGreaterThan(900)
  })

  it('has exactly 5 whaling areas including C57, C60 and D58 (5.3, 13.44)', () => {
    const w = pack()
      .areas.filter((a) => a.whaling)
      .map((a) => a.id)
    expect(w).toHaveLength(5)
    expect(w).toEqual(expect.arrayContaining(['C57', 'C60', 'D58']))
  })

  it('flags the Pacific and Europe (11.2, 6.3)', () => {
    const p = pack()
    for (const id of ['C44', 'C48', 'C50', 'C52', 'C54', 'C66', 'D68', 'D7']) expect(area(p, id).pacific).toBe(true)
    expect(area(p, 'C43').pacific).toBe(false)
    expect(area(p, 'C43').adj).toContain('C44')
    expect(
      p.areas
        .filter((a) => a.european)
        .map((a) => a.id)
        .sort(),
    ).toEqual(['C2', 'C5', 'C7', 'C8'])
  })

  it('keeps densities within 0..6 and deep areas port-free', () => {
    for (const a of pack().areas) {
      expect(a.density).toBeGreaterThanOrEqual(0)
      expect(a.density).toBeLessThanOrEqual(6)
      if (a.kind === 'D') expect(a.ports).toEqual([])
    }
  })
})

describe('ships', () => {
  it('has 17 Confederate and 58 Federal ships (2.21)', () => {
    const p = pack()
    expect(p.ships.filter((s) => s.side === 'CSA')).toHaveLength(17)
    expect(p.ships.filter((s) => s.side === 'USA')).toHaveLength(58)
    expect(p.ships.filter((s) => s.fleet === 'S')).toHaveLength(7)
  })

  it('Federal ships use deployment types only (10.31)', () => {
    for (const s of pack().ships.filter((x) => x.side === 'USA'))
      expect(['F', 'SF', 'S', 'GB', 'SGB']).toContain(s.type)
  })

  it('records the stated Confederate facts', () => {
    const p = pack()
    expect(ship(p, 'FLA').ma).toBe(10)
    expect(ship(p, 'ALA-AUX').type).toBe('AUX')
    expect(ship(p, 'FLA-AUX').type).toBe('AUX')
    expect(ship(p, 'STON').type).toBe('IC')
    expect(ship(p, 'LOUIS').refitPeriod).toBe(6)
    expect(ship(p, 'MISS').refitPeriod).toBe(6)
    const once = p.ships
      .filter((s) => s.oneRaidPerTurn)
      .map((s) => s.id)
      .sort()
    expect(once).toEqual(['ALA-AUX', 'CHICK', 'FLA-AUX', 'NASH', 'TALL'])
  })

  it('knows the text spellings of ship names', () => {
    const p = pack()
    const byAlias = (a: string) => p.ships.filter((s) => s.aliases.includes(a)).map((s) => s.id)
    for (const [alias, id] of [
      ['K. Stat', 'K-STAT'],
      ['K. State', 'K-STAT'],
      ['K Stat', 'K-STAT'],
      ['Mohc', 'MOHIC'],
      ['J. Adj', 'J-ADG'],
      ['J Adj', 'J-ADG'],
      ['S. D. Cu.', 'S-D-CU'],
      ['San J.', 'SAN-J'],
      ['Sum', 'SUM'],
      ['Ala. Aux.', 'ALA-AUX'],
    ] as const) {
      expect(byAlias(alias)).toEqual([id])
    }
  })

  it('marks the Pacific Fleet (11.2)', () => {
    const p = pack()
    const pf = p.ships
      .filter((s) => s.fleet === 'P')
      .map((s) => s.id)
      .sort()
    expect(pf).toEqual(['LANC', 'NARRA', 'SAGI', 'SARA', 'SUWA', 'WATE', 'WYOM'])
  })
})

describe('scenarios', () => {
  it('has the five scenarios of rule 13', () => {
    expect(pack().scenarios.map((s) => s.id)).toEqual([
      'campaign',
      'weak-beginning',
      'greyhounds',
      'cresting-tide',
      'endgame',
    ])
  })

  it('13.2 Weak Beginning: turns, levels and start point', () => {
    const s = pack().scenarios.find((x) => x.id === 'weak-beginning')!
    expect(s.rule).toBe('13.2')
    expect([s.firstTurn, s.lastTurn]).toEqual([1, 4])
    expect(s.startsAt).toBe('record')
    expect(s.mm).toBe(1247)
    expect(s.cpl).toEqual({ world: 1, england: 3, france: 3 })
    expect(s.whalingCounters).toBe(5)
  })

  it('13.2 Weak Beginning: Federal deployment, Available Pool and availability consumed', () => {
    const s = pack().scenarios.find((x) => x.id === 'weak-beginning')!
    const onMap = Object.fromEntries(
      ['C9', 'C54', 'C48', 'C66', 'D68'].map((a) => [
        a,
        s.federal.onMap
          .filter((p) => p.area === a)
          .map((p) => p.ship)
          .sort(),
      ]),
    )
    expect(onMap).toEqual({
      C9: ['K-STAT', 'PENG', 'POWH'],
      C54: ['SARA', 'WYOM'],
      C48: ['NARRA'],
      C66: ['SAGI'],
      D68: ['LANC'],
    })
    expect(s.federal.onMap).toHaveLength(8)
    expect(s.federal.availablePool).toEqual([
      'SAN-J',
      'NIAG',
      'DACO',
      'IROQ',
      'MOHIC',
      'RICH',
      'CONN',
      'DESOTO',
      'J-ADG',
      'R-ISL',
    ])
    expect(s.federal.cseBox).toEqual([])
    expect(s.federal.availabilitySpent).toEqual({ PENG: 1, POWH: 1, 'K-STAT': 1 })
  })

  it('13.2 Weak Beginning: Sumter with Semmes in the C15 CSA port', () => {
    const s = pack().scenarios.find((x) => x.id === 'weak-beginning')!
    expect(s.confederate).toEqual([
      { ship: 'SUM', area: 'C15', inPort: 'CSA', commissioned: true, turnsInPort: 0, turnsAtSea: 0, semmes: true },
    ])
  })

  it('13.2 Weak Beginning: victory levels', () => {
    const s = pack().scenarios.find((x) => x.id === 'weak-beginning')!
    expect(s.victory).toEqual([
      { level: 'Confederate Major Victory', min: 60, max: null },
      { level: 'Confederate Minor Victory', min: 31, max: 59 },
      { level: 'Draw', min: 20, max: 30 },
      { level: 'Federal Minor Victory', min: 1, max: 19 },
      { level: 'Federal Major Victory', min: null, max: 0 },
    ])
  })

  it('victory bands are contiguous, highest first', () => {
    for (const s of pack().scenarios) {
      for (let i = 1; i < s.victory.length; i++) expect(s.victory[i].max).toBe((s.victory[i - 1].min as number) - 1)
    }
  })

  it('13.5 Endgame ends with Federal Major at -30 and below', () => {
    const s = pack().scenarios.find((x) => x.id === 'endgame')!
    expect(s.victory.at(-1)).toEqual({ level: 'Federal Major Victory', min: null, max: -30 })
  })

  it('scenario availability never exceeds a ship total', () => {
    const p = pack()
    for (const s of p.scenarios) {
      for (const [id, spent] of Object.entries(s.federal.availabilitySpent)) {
        const total = ship(p, id).availability ?? 0
        expect(spent, `${s.id} ${id}`).toBeLessThanOrEqual(total)
        // A ship still in play at a 1B start must have a point left; at a Phase-2 start the ships on
        // the map have already paid for this turn, so only the Available Pool is checked.
        const inPlay =
          s.startsAt === 'placement'
            ? [...s.federal.onMap.map((x) => x.ship), ...s.federal.availablePool, ...s.federal.cseBox]
            : s.federal.availablePool
        if (inPlay.includes(id) && ship(p, id).fleet !== 'P')
          expect(spent, `${s.id} ${id} still in play`).toBeLessThan(total)
      }
    }
  })
})

describe('track and tables', () => {
  it('runs GT1 (3/61) to GT16 (2/65)', () => {
    const t = pack().track
    expect(t.map((x) => x.gt)).toEqual([...Array(16)].map((_, i) => i + 1))
    expect(t[0].date).toBe('3/61')
    expect(t[15].date).toBe('2/65')
    expect(t[15].usaReinforcements.filter((x) => x.startsWith('S-'))).toHaveLength(7)
  })

  it('lists every Confederate ship but Sumter once on the track', () => {
    const p = pack()
    const arrivals = p.track.flatMap((t) => t.csaReinforcements.map((r) => r.ship)).sort()
    expect(arrivals).toEqual(
      p.ships
        .filter((s) => s.side === 'CSA' && s.id !== 'SUM')
        .map((s) => s.id)
        .sort(),
    )
  })

  it('has an all-zero FWDT column for 0 ships and the errata die-6 row', () => {
    const f = pack().tables.fwdt
    expect(f.columns).toEqual(['0', '1', '2', '3', '4+'])
    for (const row of f.rows) expect(row[0]).toEqual({ F: 0, SF: 0, S: 0, GB: 0, SGB: 0 })
    expect(f.rows[5].slice(1)).toEqual([
      { F: 0, SF: 0, S: 3, GB: 0, SGB: 0 },
      { F: 1, SF: 0, S: 6, GB: 2, SGB: 9 },
      { F: 1, SF: 1, S: 5, GB: 4, SGB: 3 },
      { F: 0, SF: 0, S: 8, GB: 3, SGB: 9 },
    ])
  })

  it('gives zero raid results at density 0', () => {
    const r = pack().tables.raid
    for (const row of r.rows) expect(row[r.columns.indexOf(0)]).toBe(0)
  })
})

describe('checkPack catches a broken pack', () => {
  it('an asymmetric adjacency', () => {
    const p = structuredClone(pack())
    const c9 = p.areas.find((a) => a.id === 'C9')!
    c9.adj = c9.adj.filter((n) => n !== 'C14')
    expect(checkPack(p)).toContain('area C14: C9 is not adjacent back')
  })

  it('a missing provenance tag', () => {
    const p = structuredClone(pack())
    delete (p.ships[0].prov as Record<string, string>).gun
    expect(checkPack(p)).toContain(`ship ${p.ships[0].id}: field "gun" has no provenance`)
    const raw = rawSeaDevilsPack() as { areas: { prov: Record<string, string> }[] }
    delete raw.areas[0].prov.density
    expect(() => loadSeaDevilsPack(raw)).toThrow(/has no provenance/)
  })

  it('an unknown ship in a scenario', () => {
    const p = structuredClone(pack())
    p.scenarios[1].federal.availablePool.push('NOSUCH')
    expect(checkPack(p)).toContain('scenario weak-beginning: unknown ship NOSUCH')
  })

  it('13.x later starts: whaling outside a whaling area, unknown ships, too many CSE points, a misplaced Semmes', () => {
    const p = structuredClone(pack())
    const ct = p.scenarios.find((x) => x.id === 'cresting-tide')!
    ct.whaling!.areas[0] = 'C9'
    ct.removedFromTrack!.push('KEAR')
    ct.cseUsed!['1862'] = 99
    ct.semmes!.ship = 'FLA'
    expect(checkPack(p)).toEqual(
      expect.arrayContaining([
        'scenario cresting-tide: C9 is not a whaling area',
        'scenario cresting-tide: unknown Confederate ship KEAR',
        'scenario cresting-tide: 99 CSE points used in 1862, more than the year allows',
        "scenario cresting-tide: Semmes's ship is not placed with him",
      ]),
    )
  })

  it('11.22 / 12.12 / 10.52: the march target must be in the Pacific; named areas and repair ports must exist', () => {
    const p = structuredClone(pack())
    p.pacificMarch.target = 'C43'
    p.victoryPoints.stonewallAreas.push('C999')
    ship(p, 'RAPP').arrivalRepairIn = 'VEN'
    expect(checkPack(p)).toEqual(
      expect.arrayContaining([
        'pacificMarch: C43 is not in the Pacific',
        'mapRoles: unknown area C999',
        'ship RAPP: no VEN port repairs',
      ]),
    )
  })

  it('a schema violation', () => {
    const raw = rawSeaDevilsPack() as { tables: { search: { eces: boolean[] } } }
    raw.tables.search.eces.pop()
    expect(seaDevilsPackSchema.safeParse(raw).success).toBe(false)
    expect(() => loadSeaDevilsPack(raw)).toThrow(/does not match the schema/)
  })
})
