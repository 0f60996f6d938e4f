// Fog of war in every phase (DESIGN 5): a whole turn resolved phase by phase, and after
// each resolution nothing one side keeps secret reaches the other side's narrative, view or report:
// its hand (RB 17.22), the cards it draws or buys (14.1, 14.32, 15.1, 15.44), its standing orders
// (reactions, battle and defence orders, the Union's interception choice for searches, 7.78). The
// board, the cards played and the discards are public and may be seen. By mail, the build orders of
// one side are acknowledged to it alone and never reach the other before they are resolved.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { bindRebelPack } from '../../src/games/rebel-raiders/pack.ts'
import { cardPosition, pack, rs } from './cardPosition.ts'

const CARDS = bindRebelPack(pack.content as never).cards

const VIEWER = { CSA: { kind: 'role', role: 'confederate' }, USA: { kind: 'role', role: 'union' } } as const
const OTHER = { CSA: 'USA', USA: 'CSA' } as const

/** Everything the other side of `owner` reads after a resolution: its narrative, view and report. */
function readBy(run: { seenBy(v: never): string[] }, s: RrState, reader: 'CSA' | 'USA'): string {
  const v = VIEWER[reader] as never
  return [...run.seenBy(v), JSON.stringify(rs.view(s, v)), JSON.stringify(rs.reportModel!(s, v))].join('\n')
}

/** The secrets `owner` holds in `s`, as text that would give them away. */
function secretsOf(s: RrState, owner: 'CSA' | 'USA'): string[] {
  const cards = s.cards[owner].hand.map((c) => `#${c} ${CARDS.get(c)!.name}`)
  const standing = s.reactions[owner].map((r) => `#${r.card} at ${r.at}`)
  const policies = s.policies[owner].map((p) => p.text)
  const intercept = owner === 'USA' && Object.keys(s.intercept).length ? ['one die a stack', 'one die a ship'] : []
  return [...cards, ...standing, ...policies, ...intercept]
}

function expectFog(run: { seenBy(v: never): string[]; state: RrState }, phase: string): void {
  for (const owner of ['CSA', 'USA'] as const) {
    const read = readBy(run, run.state, OTHER[owner])
    for (const secret of secretsOf(run.state, owner))
      expect(read.includes(secret), `${phase}: ${owner}'s "${secret}" reached the other side`).toBe(false)
    // The owner does see his own hand in his report.
    const own = JSON.stringify(rs.reportModel!(run.state, VIEWER[owner] as never))
    for (const c of run.state.cards[owner].hand) expect(own).toContain(`#${c} `)
  }
}

describe('Fog at every phase of a turn (RB 17.22, 7.78, 14.32, 15.44; digest 6.1)', () => {
  const start = cardPosition(
    { salt: 'rr-fog', hidden: '3c' },
    'csa-move',
    { CSA: [66, 106, 109], USA: [12, 21, 53] },
    1,
  )
  const move = given(rs, start)
    .orders(
      'union',
      'INTERCEPT STACK AT WILM.BS\nREACT 12 AT ALL\nREACT 53 AT ALL\nPOLICY ALL ON BATTLE: RETREAT IF lost >= 2; FIGHT',
    )
    .orders('confederate', 'REACT 109 AT ALL\nMOVE BR-6 WILM.BS > HATT > NATL > BERM > LOAD')
    .resolve()

  it('the Confederate move and supply: the searches’ standing choice, the Union’s reactions and battle orders, and each hand and draw stay with their owner', () => {
    expect(move.state.phase).toBe('csa-build')
    expect(move.state.intercept).toEqual({ 'WILM.BS': 'stack' })
    expectFog(move, 'csa-move')
    // 14.1: the Union learns that three cards were drawn, not which.
    expect(readBy(move, move.state, 'USA')).toMatch(/The Confederate player draws 3 card\(s\)/)
  })

  const build = given(rs, move.state)
    .orders('confederate', 'EXCHANGE 2\nBUILD CARD SPECIAL\nBUILD RAIDER AT SPAI')
    .resolve()

  it('the Confederate build: the card bought is told to the Confederate alone; the raider built is on the public board', () => {
    expect(build.state.phase).toBe('union-move')
    const bought = build.state.cards.CSA.hand.find((c) => !move.state.cards.CSA.hand.includes(c))!
    expect(build.seenBy(VIEWER.CSA as never).join('\n')).toContain(`#${bought} `)
    expectFog(build, 'csa-build')
    expect(build.seenBy(VIEWER.USA as never)).toContain('Confederate raider RD-2 built in Spain.')
  })

  const union = given(rs, build.state)
    .orders('confederate', 'POLICY NORF ON DEFENCE: SHELTER IF foes >= 3; COMBINED\nREACT 66 AT ALL')
    .orders('union', 'MOVE SL-1 WGLF > NORL.BS')
    .resolve()

  it('the Union move: the Confederate defence orders and reactions stay his; the Union draw is told to the Union alone', () => {
    expect(union.state.phase).toBe('union-build')
    expectFog(union, 'union-move')
    expect(readBy(union, union.state, 'CSA')).toMatch(/The Union player draws 3 card\(s\)/)
  })

  const unionBuild = given(rs, union.state).orders('union', 'BUILD CARD\nBUILD SLOOP').resolve()

  it('the Union build and victory: the card bought stays with the Union; the next turn opens with every secret still kept', () => {
    expect([unionBuild.state.turn, unionBuild.state.phase]).toEqual([2, 'csa-move'])
    expectFog(unionBuild, 'union-build')
  })
})

describe('Fog by mail: build orders in secret (RB 14.2, 15.2)', () => {
  it('the Confederate build orders are acknowledged to him alone; the Union reads of them only what resolution makes public', () => {
    const app = testApp('rr-fog-mail')
    try {
      const players = [
        { role: 'confederate', address: 'csa@example.test', name: 'Mallory' },
        { role: 'union', address: 'usa@example.test', name: 'Welles' },
      ]
      app.judge.createGame({ game: 'fog', ruleset: 'rebel-raiders', scenario: '1861', players, zone: 'UTC' })
      expect(app.judge.submitOrders('fog', 'confederate', 'PASS').accepted).toBe(true)
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('fog', { force: true }).committed).toBe(true)
      const before = outboxRows(app).length
      expect(app.judge.submitOrders('fog', 'confederate', 'BUILD RAIDER AT SPAI\nBUILD RUNNER AT FREN').accepted).toBe(
        true,
      )
      const sent = outboxRows(app).slice(before)
      expect(sent.map((r) => r.recipient)).toEqual(['csa@example.test'])
      expect(sent[0]!.mail.text).toContain('BUILD')
      const unionMails = () => outboxRows(app).filter((r) => r.recipient === 'usa@example.test')
      expect(unionMails().some((r) => /BUILD RAIDER/.test(r.mail.text))).toBe(false)
    } finally {
      app.cleanup()
    }
  })
})
