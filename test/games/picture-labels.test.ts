// DESIGN 8b: every picture a report carries, for every scenario of every game: no two pieces of
// text overlap, none leaves the picture, no label covers a place's dot, and nothing in the picture
// asks for a mouse (the mail's PNG has none: hover text lives only in an SVG's titles).
import { describe, expect, it } from 'vitest'
import { canSee, type Figure, type Viewer } from '../../src/games/contract.ts'
import { defaultImPack } from '../../src/games/infernal-machine/pack.ts'
import { missionFigure } from '../../src/games/infernal-machine/missionFigure.ts'
import { tacticalFigure } from '../../src/games/infernal-machine/report.ts'
import { chartLayout } from '../../src/games/kit/geoChart.ts'
import { LabelledDice } from '../helpers/spec.ts'
import { createRiverCoastal, riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { createSeaDevils, seaDevilsFactory } from '../../src/games/sea-devils/index.ts'
import { seaDevilsMapModel, seaDevilsMapSpec, seaDevilsMapSvg } from '../../src/games/sea-devils/map.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'
import { contextFor, type SdState } from '../../src/games/sea-devils/state.ts'
import { calm, play, ruleset } from '../river-coastal/play.ts'
import { mouseWords, textFaults } from '../helpers/svgText.ts'
import { confederateOrders, sideView, unionOrders } from '../rebel-raiders/bots/bots.ts'

const dice = () => new LabelledDice([])
const observer: Viewer = { kind: 'observer' }
const moderator: Viewer = { kind: 'moderator' }
const role = (r: string): Viewer => ({ kind: 'role', role: r })

function expectClean(name: string, figures: Figure[], dots: boolean) {
  expect(figures.length, name).toBeGreaterThan(0)
  for (const f of figures) {
    expect(textFaults(f.svg, { dots }), `${name}: ${f.name}`).toEqual([])
    expect(mouseWords(f.svg), `${name}: ${f.name}`).toEqual([])
  }
}

describe('8b the pictures of every game: labels clear of each other, of the dots and of the edge', () => {
  it('Rebel Raiders: the theatre and the oceans of every scenario', () => {
    const pack = rebelRaidersFactory.defaultPack()
    const rs = createRebelRaiders(pack as never)
    for (const sc of rs.scenarios)
      expectClean(`RR ${sc.id}`, rs.figures!(rs.setup(sc.id, {}, pack, dice()), observer, []), true)
  })

  it('Rebel Raiders: a crowded board, every piece somewhere on the coast and battles in the ports', () => {
    const pack = rebelRaidersFactory.defaultPack()
    const rs = createRebelRaiders(pack as never)
    const s = rs.setup('1862', {}, pack, dice()) as RrState
    const coast = ['SAVA', 'SAVA.BS', 'CHAS', 'CHAS.BS', 'KEYS', 'HAVA', 'CUBA', 'SAMR', 'NAVY', 'NATL', 'NASS', 'BERM']
    s.pieces.forEach((p, i) => {
      p.at = coast[i % coast.length]!
    })
    const seen = ['SAVA', 'CHAS', 'HAVA', 'NAVY'].map((at) => ({
      audience: { kind: 'public' as const },
      rule: '10.1',
      text: `Combat in ${at}.`,
      at,
    }))
    expectClean('RR crowded', rs.figures!(s, observer, seen), true)
  })

  it('Rebel Raiders: the pictures of each phase of a game the bots play, with the battles each side was told of', () => {
    const pack = rebelRaidersFactory.defaultPack()
    const rs = createRebelRaiders(pack as never)
    const map = bindRebelPack(pack.content as never).map
    const rolls = new LabelledDice([])
    let s = rs.setup('1861', {}, pack, rolls) as RrState
    for (let phase = 0; phase < 12 && !s.finished; phase++) {
      const csa = s.phase.startsWith('csa')
      const role = csa ? 'confederate' : 'union'
      const text = csa ? confederateOrders(rs, map, sideView(s, 'CSA')) : unionOrders(rs, map, sideView(s, 'USA'))
      const parsed = rs.parseOrders(s, role, text)
      expect(parsed.errors).toEqual([])
      const step = rs.resolve(s, { orders: { [role]: parsed.commands }, decisions: {} }, rolls)
      s = step.state
      const seen = step.narrative.filter((n) => canSee(observer, n.audience))
      expectClean(`RR phase ${phase} (${step.label})`, rs.figures!(s, observer, seen), true)
    }
  })

  it('Sea Devils: the map of every scenario, for the moderator and each side', () => {
    const pack = seaDevilsFactory.defaultPack()
    const rs = createSeaDevils(pack as never)
    for (const sc of rs.scenarios) {
      const s = rs.setup(sc.id, {}, pack, dice())
      for (const v of [moderator, role('federal'), role('confederate')])
        expectClean(`SD ${sc.id} ${JSON.stringify(v)}`, rs.figures!(s, v, []), true)
    }
  })

  it('Sea Devils: a crowded American theatre, ships and marks in every area of the Gulf, Caribbean and East Coast', () => {
    const pack = seaDevilsFactory.defaultPack()
    const rs = createSeaDevils(pack as never)
    const s = rs.setup('campaign', {}, pack, dice()) as SdState
    const model = seaDevilsMapModel(s, contextFor(pack.content as SeaDevilsPack, s.scenario), moderator, [])
    const crowded = ['C9', 'C10', 'C11', 'C14', 'C15', 'C20', 'C21', 'C22', 'C12', 'C13', 'D4', 'C1', 'C5', 'C66']
    crowded.forEach((area, i) => {
      for (let n = 0; n <= i % 6; n++)
        model.units.push({ area, label: `F${i}${n}${n % 2 ? '*' : ''}`, side: n % 3 ? 'federal' : 'confederate' })
      for (const kind of ['raid', 'spot', 'blockade'] as const) if (i % 2) model.marks.push({ area, kind, text: kind })
    })
    expectClean('SD crowded', [{ name: 'map', title: '', svg: seaDevilsMapSvg(model, moderator) }], true)
    // The Straits of Florida keep their label beside their square, not off toward Yucatan.
    const inset = chartLayout(seaDevilsMapSpec(model, moderator)).find((p) => p.panel.id === 'inset')!
    expect(inset.labels.find((l) => l.id === 'C11')).toMatchObject({ leader: false })
  })

  it('River and Coastal: the plot of every scenario, for each side', () => {
    const pack = riverCoastalFactory.defaultPack()
    const rs = createRiverCoastal(pack as never)
    for (const sc of rs.scenarios) {
      const s = rs.setup(sc.id, {}, pack, dice())
      for (const side of ['USA', 'CSA']) expectClean(`RC ${sc.id} ${side}`, rs.figures!(s, role(side), []), false)
    }
  })

  it('River and Coastal: the plot after a move, ships turned and a gun fired, for each side', () => {
    const s = play(
      ruleset.setup('passing-the-fort', {}, riverCoastalFactory.defaultPack(), calm()),
      { USA: 'GALE: SPEED 4; FIRE BP AT TENN\nTECU: SPEED 8; TURN STARBOARD 20 AT 2', CSA: 'TENN: SPEED 2' },
      { 'm1:GALE:BP:hit': 6 },
    ).state
    for (const side of ['USA', 'CSA']) expectClean(`RC moved ${side}`, ruleset.figures!(s, role(side), []), false)
  })

  it('Infernal Machine: the Mission Board of every board from each side, and the Tactical Board', () => {
    const pack = defaultImPack()
    for (const [id, b] of pack.boards)
      for (const side of ['CSA', 'USA'] as const) {
        const launch = b.positions.find((p) => p.launch?.includes(side))?.id ?? b.positions[0]!.id
        const figure = missionFigure(pack, {
          side,
          board: id,
          launch,
          position: launch,
          elevation: 0,
          drift: 'light',
          driftDirection: 'ebb',
          turn: 1,
        })
        expectClean(`IM ${id} ${side}`, figure ? [figure] : [], false)
      }
    const tactical = tacticalFigure({ target: 'gunboat', vector: 'V3', zone: 'near', rotated: false, turn: 2 } as never)
    expectClean('IM tactical', [tactical], false)
  })
})
