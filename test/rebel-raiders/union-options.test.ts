// The Union's optional purchases (PB 18.21 Hunt's Artillery, 18.23 Two If By Sea): bought in the
// Union build for the next turn, spent on its assaults and defences.
import { describe, expect, it } from 'vitest'
import { given, LabelledDice } from '../helpers/spec.ts'
import { createRebelRaiders, rebelRaidersFactory } from '../../src/games/rebel-raiders/index.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const pack = rebelRaidersFactory.defaultPack()
const rs = createRebelRaiders(pack as never)
const start = (optional: string, phase: Phase, turn: number) => {
  const s = rs.setup('1861', { optional }, pack, new LabelledDice([])) as RrState
  Object.assign(s, { phase, turn })
  return s
}
const errors = (s: RrState, role: string, text: string) => rs.parseOrders(s, role, text).errors.map((e) => e.message)

describe("PB 18.21: Hunt's Artillery", () => {
  it('BUILD HUNTS: a build each, two a build at most, not in 1861, only with the option; they serve next turn', () => {
    const s = start('18.21', 'union-build', 4)
    const run = given(rs, s).orders('union', 'BUILD HUNTS\nBUILD HUNTS').resolve()
    expect(run.state.marks?.hunts).toEqual({ turn: 5, left: 2 })
    expect(errors(s, 'union', 'BUILD HUNTS\nBUILD HUNTS\nBUILD HUNTS')).toEqual([
      "at most 2 Hunt's Artillery a build (18.21)",
    ])
    // April 1862: six builds, two of them on the guns.
    expect(errors(s, 'union', `BUILD HUNTS\nBUILD HUNTS\n${Array(5).fill('BUILD SLOOP').join('\n')}`)).toEqual([
      'a sloop costs 1 build(s); 0 left (15.41)',
    ])
    expect(errors(start('18.21', 'union-build', 3), 'union', 'BUILD HUNTS')).toEqual([
      "no Hunt's Artillery in 1861 (18.21)",
    ])
    expect(errors(start('', 'union-build', 4), 'union', 'BUILD HUNTS')).toEqual([
      "Hunt's Artillery is optional rule 18.21, not chosen for this game",
    ])
  })
  const withHunts = (phase: Phase, left = 1) => {
    const s = start('18.21', phase, 5)
    s.marks = { hunts: { turn: 5, left } }
    return s
  }
  it('+1 to a Union assault, beyond the tactics, one an assault, turning a tie into a win', () => {
    const assault = (s: RrState) =>
      given(rs, s)
        .orders('union', 'ASSAULT IS10 FROM CAIR')
        .dice([
          { label: /assault on IS10: Union die/, values: [4, 1] },
          { label: /assault on IS10: Confederate die/, values: [4, 3, 2, 1] },
        ])
        .resolve()
    const won = assault(withHunts('union-move'))
    expect(won.state.control.IS10).toBe('USA')
    expect(won.texts('18.21')).toEqual(["Hunt's Artillery: +1 to the Union at Island No. 10."])
    expect(won.state.marks?.hunts?.left).toBe(0)
    expect(assault(withHunts('union-move', 0)).state.control.IS10).toBeUndefined()
    const stale = withHunts('union-move')
    stale.marks = { hunts: { turn: 4, left: 1 } }
    expect(assault(stale).state.control.IS10).toBeUndefined()
  })
  it('+1 to the Union defending against a counterattack in the turn it serves', () => {
    const counter = (s: RrState) => {
      s.control.NORF = 'USA'
      s.csaPawns = 1
      return given(rs, s)
        .orders('confederate', 'COUNTERATTACK NORF FROM RICH')
        .dice([
          { label: /counterattack on NORF: Confederate die/, values: [4, 1] },
          { label: /counterattack on NORF: Union die/, values: [4, 2] },
        ])
        .resolve()
    }
    expect(counter(withHunts('csa-move')).state.control.NORF).toBe('USA')
    expect(counter(withHunts('csa-move', 0)).state.control.NORF).toBeUndefined()
  })
})

describe("PB 18.21: where Hunt's +1 goes is declared by the Union before the dice", () => {
  const s0 = () => {
    const s = start('18.21', 'union-move', 5)
    s.marks = { hunts: { turn: 5, left: 1 } }
    return s
  }
  const assault = (s: RrState, orders: string) =>
    given(rs, s)
      .orders('union', `${orders}\nASSAULT IS10 FROM CAIR`)
      .dice([
        { label: /assault on IS10: Union die/, values: [4, 1] },
        { label: /assault on IS10: Confederate die/, values: [4, 3, 2, 1] },
      ])
      .resolve()

  it('18.21 standing order: HUNT AT <space> keeps the +1 for the assaults named; another assault goes without it', () => {
    const elsewhere = assault(s0(), 'HUNT AT RICH')
    expect(elsewhere.texts('18.21')).toEqual([])
    expect(elsewhere.state.control.IS10).toBeUndefined()
    expect(elsewhere.state.marks?.hunts?.left).toBe(1)
    expect(elsewhere.state.marks?.huntsAt).toEqual(['RICH'])
    const here = assault(s0(), 'HUNT AT IS10,RICH')
    expect(here.texts('18.21')).toEqual(["Hunt's Artillery: +1 to the Union at Island No. 10."])
    expect(here.state.control.IS10).toBe('USA')
  })

  it('18.21 default without a HUNT line, or with HUNT AT ALL or HUNT OFF: the first assault takes it (ruling RR-O6)', () => {
    for (const orders of ['PASS', 'HUNT AT ALL', 'HUNT OFF']) {
      const s = s0()
      s.marks!.huntsAt = ['RICH']
      const run = assault(s, orders === 'PASS' ? '' : orders)
      if (orders === 'PASS') expect(run.texts('18.21')).toEqual([])
      else expect(run.texts('18.21')).toEqual(["Hunt's Artillery: +1 to the Union at Island No. 10."])
    }
    expect(assault(s0(), '').texts('18.21')).toEqual(["Hunt's Artillery: +1 to the Union at Island No. 10."])
  })

  it('18.21 HUNT is read on receipt: the Union only, a space on the map, only with the option; standing in the Confederate move', () => {
    expect(errors(s0(), 'union', 'HUNT AT RICH')).toEqual([])
    expect(errors(s0(), 'union', 'HUNT AT XXXX')).toEqual(['no space XXXX on the map'])
    expect(errors(s0(), 'union', 'HUNT RICH')).toEqual(['HUNT: unexpected RICH'])
    expect(errors(s0(), 'union', 'HUNT AT RICH OFF')).toEqual([
      'write HUNT AT <space>[,<space>...] or HUNT AT ALL, or HUNT OFF (18.21)',
    ])
    expect(errors(start('', 'union-move', 5), 'union', 'HUNT AT RICH')).toEqual([
      "Hunt's Artillery is optional rule 18.21, not chosen for this game",
    ])
    const csa = start('18.21', 'csa-move', 5)
    expect(errors(csa, 'confederate', 'HUNT AT RICH')).toEqual(["only the Union declares Hunt's Artillery (18.21)"])
    expect(errors(csa, 'union', 'HUNT AT NORF')).toEqual([])
  })

  it('18.21 fog: the Confederate learns the HUNT order only from the +1 at the assault', () => {
    const run = assault(s0(), 'HUNT AT IS10')
    const csa = run.seenBy({ kind: 'role', role: 'confederate' } as never).join('\n')
    expect(csa).toMatch(/Hunt's Artillery: \+1 to the Union at Island No\. 10/)
    expect(csa).not.toMatch(/HUNT AT/)
  })
})

describe('PB 18.23: Two If By Sea', () => {
  it('BUILD UPGRADE: two builds, one a turn, only with the option; it serves the next turn', () => {
    const s = start('18.23', 'union-build', 4)
    const run = given(rs, s).orders('union', 'BUILD UPGRADE').resolve()
    expect(run.state.marks?.upgrade).toBe(5)
    expect(run.texts('18.23')).toHaveLength(1)
    expect(errors(s, 'union', 'BUILD UPGRADE\nBUILD UPGRADE')).toEqual(['one pawn upgraded a turn (18.23)'])
    expect(errors(start('', 'union-build', 4), 'union', 'BUILD UPGRADE')).toEqual([
      'Two If By Sea is optional rule 18.23, not chosen for this game',
    ])
  })
  it('as the Union move opens, the upgrade allows a second amphibious assault on an ocean port that turn', () => {
    const s = start('18.23', 'csa-build', 5)
    s.marks = { upgrade: 5 }
    const opened = given(rs, s).orders('confederate', 'PASS').resolve().state
    expect(opened.extraOcean).toBe(1)
    const two = 'MOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS'
    expect(errors(opened, 'union', two)).toEqual([])
    const plain = given(rs, start('18.23', 'csa-build', 5))
      .orders('confederate', 'PASS')
      .resolve().state
    expect(plain.extraOcean).toBeUndefined()
    expect(errors(plain, 'union', two)).toEqual([
      "entering Pensacola is an assault, and the turn's one amphibious assault on an ocean port is spent (11.2)",
    ])
  })
})

describe('PB 18.31: Arm & Train Local Militia', () => {
  const csaBuild = (citiesLost: number, optional = '18.31') => {
    const s = start(optional, 'csa-build', 5)
    s.citiesLost = citiesLost
    return s
  }
  it('BUILD MILITIA once down to four builds: two builds or all left, or two special points; four a turn', () => {
    expect(errors(csaBuild(4), 'confederate', 'BUILD MILITIA')).toEqual([
      'militia is raised once the Confederacy has four builds or fewer (18.31)',
    ])
    expect(errors(csaBuild(5), 'confederate', 'BUILD MILITIA\nBUILD MILITIA\nBUILD MILITIA')).toEqual([
      'militia costs two builds, or all left; none is left (18.31)',
    ])
    expect(
      errors(
        csaBuild(5),
        'confederate',
        'EXCHANGE 4\nBUILD MILITIA\nBUILD MILITIA\nBUILD MILITIA SPECIAL\nBUILD MILITIA SPECIAL\nBUILD MILITIA SPECIAL',
      ),
    ).toEqual(['at most 4 militia a turn (18.31)'])
    expect(errors(csaBuild(5, ''), 'confederate', 'BUILD MILITIA')).toEqual([
      'militia is optional rule 18.31, not chosen for this game',
    ])
    expect(errors(csaBuild(5), 'confederate', 'BUILD MILITIA AT NAVY')).toEqual([
      'militia defends a Confederate space; NAVY is not one',
    ])
    const run = given(rs, csaBuild(5)).orders('confederate', 'BUILD MILITIA AT IS10\nBUILD MILITIA').resolve()
    expect(run.state.marks?.militia).toEqual({ turn: 5, at: ['IS10', null] })
    // The space it waits for is the Confederate's own (RR-O7).
    expect(run.step.narrative.filter((e) => e.rule === '18.31').map((e) => [e.audience.kind, e.text])).toEqual([
      ['public', "Local militia raised against this turn's Union assaults."],
      ['roles', 'Your militia waits for an assault on Island No. 10.'],
      ['public', "Local militia raised against this turn's Union assaults."],
    ])
    const seen = (role: string) =>
      (rs.reportModel!(run.state, { kind: 'role', role }) as { rr: { optional: string[] } }).rr.optional.at(-1)
    expect([seen('union'), seen('confederate')]).toEqual([
      'Militia this turn: 2.',
      'Militia this turn: IS10, for the first assaults.',
    ])
  })
  it("a Union assault meets up to two militia, the space's own first: a die each, 1 nothing, 2-4 a die more, 5-6 two", () => {
    const s = start('18.31', 'union-move', 5)
    s.marks = { militia: { turn: 5, at: [null, 'MEMP', 'IS10', null] } }
    const run = given(rs, s)
      .orders('union', 'ASSAULT IS10 FROM CAIR')
      .dice([
        { label: '18.31 militia at IS10 1', values: 5 },
        { label: '18.31 militia at IS10 2', values: 3 },
        { label: /assault on IS10: Union die/, values: [6, 1] },
        { label: /assault on IS10: Confederate die/, values: [1, 2, 3, 4, 5, 6] },
      ])
      .resolve()
    expect(run.texts('18.31')).toEqual([
      'Militia at Island No. 10 (die 5): 2 defence die more.',
      'Militia at Island No. 10 (die 3): 1 defence die more.',
    ])
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on IS10: Confederate'))).toHaveLength(6)
    expect(run.state.marks?.militia?.at).toEqual(['MEMP', null])
  })
})

describe('PB 18.22: Yankee Industry & Conscription', () => {
  const move = (text: string, dice: Record<string, number>, turn = 4) =>
    given(rs, start('18.22', 'union-move', turn))
      .orders('union', text)
      .dice(dice)
      .resolve()
  it('ROLL INDUSTRY / CONSCRIPTION in the move: rolled as it ends, 2 VP to the Confederacy for each build gained', () => {
    const run = move('ROLL INDUSTRY\nROLL CONSCRIPTION', { '18.22 industry': 6, '18.22 conscription': 2 })
    expect(run.state.marks?.yankee).toEqual({ turn: 4, industry: 3, conscription: 1 })
    expect(run.state.vp).toBe(start('', 'union-move', 4).vp + 8)
    expect(move('ROLL INDUSTRY', { '18.22 industry': 1 }).state.marks?.yankee).toEqual({
      turn: 4,
      industry: -1,
      conscription: 0,
    })
  })
  it("Conscription's 1 gives the Confederacy a die of points in 1861-1862, two dice from 1863", () => {
    const early = move('ROLL CONSCRIPTION', { '18.22 conscription': 1, '18.22 conscription penalty 1': 4 })
    expect(early.state.vp).toBe(start('', 'union-move', 4).vp + 4)
    const late = move(
      'ROLL CONSCRIPTION',
      { '18.22 conscription': 1, '18.22 conscription penalty 1': 4, '18.22 conscription penalty 2': 5 },
      7,
    )
    expect(late.texts('18.22')).toEqual([
      'Conscription (die 1) stirs the North against the draft (4, 5): +9 VP to the Confederacy (now 19).',
    ])
  })
  it("Industry's builds buy no pawn, Conscription's only cards and extra assaults; a 1 of Industry costs a build", () => {
    const build = (industry: number, conscription: number) => {
      const s = start('18.22', 'union-build', 4)
      s.marks = { yankee: { turn: 4, industry, conscription } }
      return s
    }
    // April 1862: six builds.
    expect(errors(build(2, 0), 'union', Array(8).fill('BUILD SLOOP').join('\n'))).toEqual([])
    expect(errors(build(2, 0), 'union', 'BUILD PAWN\nBUILD PAWN')).toEqual(['a pawn costs 4 build(s); 2 left (15.41)'])
    expect(errors(build(0, 2), 'union', 'BUILD PAWN\nBUILD PAWN')).toEqual([])
    expect(errors(build(0, 2), 'union', Array(7).fill('BUILD SLOOP').join('\n'))).toEqual([
      'a sloop costs 1 build(s); 0 left (15.41)',
    ])
    expect(errors(build(-1, 0), 'union', Array(6).fill('BUILD SLOOP').join('\n'))).toEqual([
      'a sloop costs 1 build(s); 0 left (15.41)',
    ])
  })
  it('only the Union, in its move, with the option', () => {
    expect(errors(start('', 'union-move', 4), 'union', 'ROLL INDUSTRY')).toEqual([
      'Yankee Industry & Conscription is optional rule 18.22, not chosen for this game',
    ])
    expect(errors(start('18.22', 'union-build', 4), 'union', 'ROLL INDUSTRY')).toEqual([
      "the Union asks for the rolls of 18.22 in its move's orders, for the build that follows",
    ])
  })
})
