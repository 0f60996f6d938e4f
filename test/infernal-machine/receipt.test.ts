// Orders refused on receipt with the reason and the legal choices, as the resolution would refuse them.
import { describe, expect, it } from 'vitest'
import { createInfernalMachine, type ImState } from '../../src/games/infernal-machine/index.ts'
import { influential } from '../../src/games/infernal-machine/campaign.ts'
import { contract } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, ctx, LabelHashDice, pack, seaworthyHull, trainingMission } from './helpers.ts'

const rules = createInfernalMachine(pack)
const fresh = () => rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, new LabelHashDice())
const state = (over: Partial<ImState> = {}, funds = 20): ImState => ({
  ...fresh(),
  phase: 'actions',
  campaign: campaign({ funds }),
  ...over,
})
const errors = (s: ImState, text: string) => rules.parseOrders(s, 'captain', text).errors.map((e) => e.message)

describe('Infernal Machine orders checked on receipt', () => {
  it('p.47 a Build the funds cannot pay is refused with the parts and their prices', () => {
    const [e] = errors(state({}, 3), 'BUILD needle-prow section chisel-stern')
    expect(e).toBe(
      'the parts cost $10 (needle-prow $3, section $4, chisel-stern $3); funds are $3: order parts worth $3 or less',
    )
  })

  it('p.44-47 before Income, a Build the season might pay for is not refused at receipt', () => {
    expect(errors(state({ phase: 'income' }, 3), 'BUILD needle-prow section chisel-stern')).toEqual([])
  })

  it('p.47 a tile index the boat will not have is refused with the tiles it will have', () => {
    expect(errors(state(), 'BUILD needle-prow section hatch@5')).toEqual([
      'hatch@5: there is no tile 5; the tiles this BUILD may name: 0 needle-prow, 1 section',
    ])
    expect(errors(state(), 'BUILD propeller@99999999999999999999')[0]).toBe(
      'the tile is a whole number from 0 to 31, not 99999999999999999999',
    )
    expect(errors(state(), 'BUILD needle-prow section\nBUILD hatch@1')).toEqual([])
    expect(errors(state({}, 99), 'BUILD needle-prow section section section section chisel-stern hatch@1')).toEqual([
      'at most 6 parts a Build, 7 named: put the rest in a second BUILD line (another action)',
    ])
  })

  it('p.47 a BUILD reads tile numbers as the report numbered them: a sale is checked against that numbering on receipt', () => {
    const s = state({}, 20)
    s.campaign!.boat = {
      tiles: ['needle-prow', 'section', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 1],
        ['propeller', 3],
      ],
    }
    expect(errors(s, 'BUILD SELL section')).toEqual([
      'SELL section: the boat has more than one; name which: SELL section@1 or SELL section@2',
    ])
    expect(errors(s, 'BUILD SELL section@1')).toEqual([
      'hatch would be on tile 1 (section), which is sold: put it elsewhere (MOVE hatch@<tile>) or sell it too',
    ])
    expect(errors(s, 'BUILD SELL section@x')[0]).toBe('the tile is a whole number from 0 to 31, not x')
    // Tile 4 is the Section this BUILD adds; the second BUILD reads the boat the first one left.
    expect(errors(s, 'BUILD section dive-planes@4 SELL section@2\nBUILD steering-link@2')).toEqual([])
    expect(errors(s, 'BUILD SELL section@2\nBUILD steering-link@3')).toEqual([
      'steering-link@3: there is no tile 3; the tiles this BUILD may name: 0 needle-prow, 1 section, 2 chisel-stern',
    ])
  })

  it('p.47 a Build the resolution would refuse for its shape is refused on receipt with the same reason', () => {
    expect(errors(state({}, 99), 'BUILD section needle-prow')).toEqual(['the prow must be the first tile'])
    expect(errors(state({}, 99), 'BUILD needle-prow section chisel-stern propeller@2 propeller@1')).toEqual([
      'only one propeller',
    ])
  })

  it('p.47 an expertise the shop lacks is refused with the parts within it', () => {
    const [e] = errors(state({}, 99), 'BUILD needle-prow section magnetic-engine@1')
    expect(e).toBe('magnetic-engine needs expertise 6, the shop has 5; of its kind within it: boiler-engine $10')
  })

  it('p.56 a launch position not on the board is refused with the launch positions', () => {
    const s = state()
    expect(errors(s, 'MISSION TRAINING FROM mount-pleasant CREW moser@1')[0]).toMatch(
      /^the fishboat is not seaworthy: no prow/,
    )
    s.campaign!.boat = seaworthyHull()
    const [e] = errors(s, 'MISSION TRAINING FROM wharf CREW moser@1')
    expect(e).toMatch(/^wharf is not a launch position of the charleston board; its launch positions: \S+/)
  })

  it('p.54 p.60 p.53 a stake beyond the funds, a deck the shop cannot draw, a contract short of expertise', () => {
    expect(errors(state({}, 3), 'INVEST 10')).toEqual([
      'a $10 stake is more than the funds ($3); stakes you may make: INVEST 0, INVEST 2',
    ])
    expect(errors(state(), 'RECRUIT SAILOR')[0]).toMatch(
      /^Sailors need a commission or a Letter of Recruitment; decks you may draw here: JOURNEYMAN \(\d cards\)/,
    )
    expect(errors(state(), 'CONTRACT c5 baird')[0]).toMatch(
      /^contract c5 needs expertise 4, baird give 1; free personae/,
    )
  })

  it('p.53 p.62 an Investor may work a Contract: accepted on receipt and executed, and he gives no Influence there', () => {
    const personae = [
      { id: 'biederman', where: 'shop' as const },
      { id: 'baird', where: 'shop' as const },
      { id: 'price', where: 'shop' as const },
    ]
    const s = state({ campaign: campaign({ personae }) })
    expect(errors(s, 'CONTRACT c2 baird,price')).toEqual([])
    const c = structuredClone(s.campaign!)
    expect(contract(ctx(), c, 'c2', ['baird', 'price'])).toBeNull()
    expect(c.personae.filter((p) => p.where === 'contract').map((p) => p.id)).toEqual(['baird', 'price'])
    expect(influential(ctx(), c).map((p) => p.id)).toEqual(['biederman'])
    // Short of the expertise, the refusal lists the investors among the free personae.
    expect(errors(s, 'CONTRACT c5 baird,price')[0]).toBe(
      'contract c5 needs expertise 4, baird, price give 2; free personae and their expertise: biederman 0, baird 1, price 1',
    )
  })

  it('p.42 p.60 under Navy only a crew that is not all Sailors is refused, with the Sailors and how to make one', () => {
    const boat = seaworthyHull()
    const s = state({ campaign: campaign({ navyOnly: true, boat, sailors: ['baird'] }) })
    expect(errors(s, 'MISSION TRAINING FROM mount-pleasant CREW moser@1')).toEqual([
      'moser is no Sailor, and Navy only takes Sailors alone (p.42); Sailors in the shop: baird (RECRUIT MILITARY <persona> makes one, p.60)',
    ])
    expect(errors(s, 'MISSION TRAINING FROM mount-pleasant CREW baird@1')).toEqual([])
  })

  it('p.59 LEAKS naming a tile the boat lacks is refused with the tile numbers it has, as Recovery reads them', () => {
    const s = state()
    s.campaign!.boat = { tiles: ['needle-prow', 'section', 'chisel-stern'], parts: [] }
    expect(errors(s, 'LEAKS 1,2')).toEqual([])
    expect(errors(s, 'LEAKS AUTO')).toEqual([])
    expect(errors(s, 'LEAKS 1,5')).toEqual([
      "LEAKS 5: there is no tile 5; the boat's tiles are 0 needle-prow, 1 section, 2 chisel-stern",
    ])
    // A Build earlier in the mail adds the tile; a mission at sea keeps its launch numbering.
    expect(errors(s, 'BUILD section\nLEAKS 3')).toEqual([])
    expect(errors({ ...s, mission: trainingMission() } as ImState, 'LEAKS 3')).toHaveLength(1)
    expect(errors(state(), 'LEAKS 0')).toEqual([
      'LEAKS 0: the boat has no tiles yet; LEAKS AUTO, or name tiles once it is built',
    ])
  })

  it('p.58-59 while a mission is out, orders for after it are not judged by the shop as it stands', () => {
    const s = state({ phase: 'mission', mission: trainingMission() }, 0)
    expect(errors(s, 'BUILD needle-prow section chisel-stern\nMISSION TRAINING FROM wharf CREW moser@1')).toEqual([])
  })

  it('persona, part and position names are read in any case', () => {
    const p = rules.parseOrders(fresh(), 'captain', 'INVESTOR DOE\nBUILD NEEDLE-PROW Section')
    expect(p.errors).toEqual([])
    expect(p.commands).toEqual([
      { kind: 'investor', id: 'doe' },
      { kind: 'build', tiles: ['needle-prow', 'section'], parts: [], sell: [] },
    ])
  })
})
