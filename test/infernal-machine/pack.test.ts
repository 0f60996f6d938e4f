import { describe, expect, it } from 'vitest'
import {
  bindImPack,
  defaultImPack,
  loadImPack,
  provenanceCounts,
  rawImPack,
} from '../../src/games/infernal-machine/pack.ts'
import { provenanceKind, sourceOf, unsourced } from '../../src/games/infernal-machine/provenance.ts'

const kindOf = (path: string) => provenanceKind(sourceOf(defaultImPack().provenance, path))

describe('Infernal Machine data pack: provenance', () => {
  it('every record of the shipped pack says where its values came from', () => {
    expect(unsourced(rawImPack())).toEqual([])
    for (const src of defaultImPack().provenance.values()) expect(provenanceKind(src), src).not.toBeNull()
  })

  it('holds values of all three kinds, the synthetic ones labelled as such', () => {
    const counts = provenanceCounts(defaultImPack())
    expect(counts.rules).toBeGreaterThan(300)
    expect(counts.completed).toBeGreaterThan(50)
    expect(counts.synthetic).toBeGreaterThan(300)
  })

  it('refuses a record without src, a malformed src, and a value given twice', () => {
    const noSrc = rawImPack() as any
    delete noSrc.tactical.obstruction.src
    expect(() => bindImPack(noSrc)).toThrow(/without provenance: \$\.tactical\.obstruction/)
    const badSrc = rawImPack() as any
    badSrc.tactical.obstruction.src = 'from memory'
    expect(() => bindImPack(badSrc)).toThrow(/obstruction\.src/)
    const twice = rawImPack() as any
    twice.tactical.vectors.push({ id: '6-10', near: 9, src: 'synthetic: test' })
    expect(() => bindImPack(twice)).toThrow('tactical/vectors/6-10/near is given twice')
  })

  it('a player with the printed game loads real values over the synthetic ones', () => {
    const raw = rawImPack() as any
    raw.tactical.detonationTable[1] = {
      red: 1,
      surfaceAwash: ['B', 'B', 'B'],
      below: ['B', 'B', 'B'],
      src: 'rules p.6 Detonation Table (printed board)',
    }
    const pack = bindImPack(raw)
    expect(pack.tactical.detonationTable[1]!.below).toEqual(['B', 'B', 'B'])
    expect(sourceOf(pack.provenance, 'tactical/detonationTable/1/below')).toBe(
      'rules p.6 Detonation Table (printed board)',
    )
    expect(loadImPack(raw).hash).not.toBe(loadImPack(rawImPack()).hash)
  })
})

describe('Infernal Machine data pack: tables the Rule Book gives', () => {
  const p = defaultImPack()
  it('p.3 approach: small target -2, fails at 0 or less, at 5 or less with a tow cord', () => {
    expect(p.tactical.approach).toEqual({ smallTarget: -2, failAtOrBelow: 0, towCordFailAtOrBelow: 5 })
    expect(p.tactical.cranks.map((c) => [c.id, c.approach, c.red, c.fatigue])).toEqual([
      ['easy', 0, 0, 0],
      ['full', 1, 0, 1],
      ['full+', 2, 1, 1],
      ['strain', 3, 1, 2],
    ])
  })

  it('p.5 detection table, Dim and Inky one column; deep rows completed from below shallow (IM-1, IM-2)', () => {
    expect(p.tactical.detection.map((r) => [r.bright, r.dim, r.inky])).toEqual([
      [10, 8, 8],
      [8, 6, 6],
      [7, 3, 3],
      [7, 3, 3],
      [7, 3, 3],
    ])
    expect(kindOf('tactical/detection/1/dim')).toBe('rules')
    expect(kindOf('tactical/detection/3/dim')).toBe('completed')
  })

  it('p.3-6 the 6-10 vector: 3 cubes at Contact and 4 at Near are rules, its Far count synthetic', () => {
    const v = p.tactical.vectors.find((x) => x.id === '6-10')!
    expect([v.lo, v.hi, v.near, v.contact]).toEqual([6, 10, 4, 3])
    expect(kindOf('tactical/vectors/6-10/contact')).toBe('rules')
    expect(kindOf('tactical/vectors/6-10/far')).toBe('synthetic')
  })

  it('p.6 detonation: 2 Red, Medium charge, Below reads 7 (rules); the rest of the column synthetic', () => {
    const col = p.tactical.detonationTable.find((r) => r.red === 2)!
    expect(col.below[1]).toBe(7)
    expect(kindOf('tactical/detonationTable/2/below[1]')).toBe('rules')
    expect(kindOf('tactical/detonationTable/2/below[0]')).toBe('synthetic')
  })

  it('p.7 concussion cube modifiers and the Long Spar values', () => {
    const far = p.tactical.concussionCubes
      .filter((c) => c.zone === 'far')
      .map((c) => [c.cube, c.easy, c.full, c.strain])
    expect(far).toEqual([
      ['black', 1, 2, 3],
      ['red', 0, 1, 2],
    ])
    const spar = p.tactical.concussion.find((c) => c.conveyance === 'longSpar')!
    expect(spar).toEqual({
      conveyance: 'longSpar',
      surfaceAwash: { large: 10, medium: 8, small: 6 },
      below: { large: 12, medium: 10, small: 7 },
    })
  })

  it('p.10-11 target attack values: Gunboat below reads Near 4, Contact 6 (IM-3)', () => {
    const gb = p.tactical.targets.find((t) => t.id === 'usa-gunboat')!
    expect(gb.attack.below).toEqual({ contact: 6, near: 4, far: 3 })
    expect(kindOf('tactical/targets/usa-gunboat/attack')).toBe('rules')
  })

  it('p.13 escape table (the first print)', () => {
    expect(p.tactical.escape.map((r) => [...r.crank, ...r.engine])).toEqual([
      [1, 1, 1, 2, 3, 0, 2],
      [2, 3, 3, 4, 4, 3, 5],
      [4, 6, 7, 8, 9, 6, 8],
      [7, 7, 8, 9, 10, 8, 9],
      [9, 9, 9, 10, 10, 9, 10],
    ])
  })

  it('p.18 tow check table (Charleston), 4+ weak read as 3 (IM-18)', () => {
    expect(p.mission.tow.map((r) => [r.strong, r.weak, r.calm])).toEqual([
      [9, 6, 4],
      [8, 5, 3],
      [7, 4, 2],
      [7, 4, 2],
      [6, 3, 2],
      [6, 3, 2],
    ])
  })

  it('p.34 the Propeller entry of the Malfunction panel is rules, every 2d10 sum has one entry', () => {
    const prop = p.mission.malfunctions.find((m) => m.mechanism === 'propeller')!
    expect([prop.lo, prop.hi, prop.redirect]).toEqual([14, 15, 'shroud'])
    expect(prop.effects[2]).toEqual({ inoperable: true, deadInWater: true })
    const raw = rawImPack() as any
    raw.mission.malfunctions.pop()
    expect(() => bindImPack(raw)).toThrow(/sum 20 has 0 entries/)
  })

  it('p.48, p.52, p.54, p.55 campaign tables', () => {
    expect(p.campaign.purchaseOrder[0]!.cells).toEqual(['2', 'L', 'R', 'R', 'R'])
    expect(p.campaign.commissioning[4]!.cells).toEqual([17, 15, 14, 13, 12, 11])
    expect(p.campaign.investment[4]!.cells).toEqual(['4i', '7i', '15', '21', '35!', '50!'])
    expect(p.campaign.letterOfMarque[2]!.cells).toEqual([12, 8, 6, 5])
    expect(p.campaign.changeLocationCost.map((r) => r.cost)).toEqual([1, 3, 5, 8, 10])
  })

  it('synthetic decks: 25 Navigation cards with Slack Water, 24 Discovery cards', () => {
    expect(p.mission.navCards).toHaveLength(25)
    expect(p.mission.navCards.filter((c) => 'slackWater' in c)).toHaveLength(1)
    expect(p.mission.discoveryCards).toHaveLength(24)
    expect(kindOf('mission/navCards/0/with')).toBe('rules')
    expect(kindOf('mission/navCards/5/with')).toBe('synthetic')
  })
})
