// River & Coastal through the judge and its mail intake, registered by the test while the game is
// not yet in the shipped registry: order mails in (the demo's and our own), acknowledgements, each
// side's report with its plot, and the fog of war checked at every resolution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inboundHandler } from '../../src/cli/app.ts'
import { figureAttachments } from '../../src/engine/reporting.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { history, redactedEvents } from '../../src/reports/archive.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { mailGame, orderMail } from './orderMail.ts'
import { fogLeaks, hiddenShipsShown, reportsAt } from './fog.ts'
import { playDemo, registerWhileUnshipped } from './demoRun.ts'
import { calm } from './play.ts'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const demo = riverCoastalFactory.demo!
const PLAYERS = [
  { role: 'usa', address: 'farragut@example.test', name: 'Farragut' },
  { role: 'csa', address: 'buchanan@example.test', name: 'Buchanan' },
]

describe('River & Coastal by mail: the demo, Passing the Fort', () => {
  it('declares a complete demo whose roles are the mail roles usa and csa', () => {
    expect(demo.scenario).toBe('passing-the-fort')
    expect(demo.players.map((p) => p.role)).toEqual(riverCoastalFactory.create(riverCoastalFactory.defaultPack()).roles)
    expect(demo.example.lines.every((l) => /^[A-Z]{4}: /.test(l))).toBe(true)
    expect(riverCoastalFactory.templates).toMatch(/river-coastal\/templates$/)
    // The example order mail `pbem serve` prints is accepted as it stands at the opening.
    const rules = riverCoastalFactory.create(riverCoastalFactory.defaultPack())
    const opening = rules.setup(demo.scenario, {}, riverCoastalFactory.defaultPack(), calm())
    expect(rules.parseOrders(opening, demo.example.role, demo.example.lines.join('\n')).errors).toEqual([])
  })

  it('plays the sample mails through the intake to the end of move 14, every mail accepted', async () => {
    const run = await playDemo(riverCoastalFactory.id, demo)
    try {
      const fold = run.app.judge.load(demo.gameId)
      expect(fold.finished).toBe(true)
      expect(fold.adjudications).toHaveLength(14)
      // Ruling RC-63: Chickasaw and Metacomet follow their leaders once the mails stop. Tecumseh's
      // Reckless captain (§4 L175) takes her over a torpedo, which sinks her: CSA's DESTROY_1_IRONCLAD.
      expect(fold.ruleset.outcome(fold.state)).toEqual({
        summary: 'Objectives: USA 0 of 2, CSA 1 of 2: CSA wins',
        winner: 'csa',
      })
      for (const point of [1, 2, 3, 4]) expect(run.intake[point]).toEqual(['orders-accepted', 'orders-accepted'])
      const said = fold.adjudications.flatMap((a) => a.data.narrative.map((n) => n.text))
      // §9 fire and hits, §12 anchors, §11 a ram, §10 morale, §9 criticals: the demo shows them all; once the
      // mails stop, the silent ships follow their directives (RC-63) or hold on, steering clear of the land
      // (ruling RC-54) and of each other (RC-62), and nobody runs aground.
      expect(said).toContain('CSS Tennessee BP (r7) at USS Tecumseh, close range: rolled 5 -1, needs 3: hit, 8 damage')
      // §4 with the flag gone to Galena, Tecumseh's own reckless captain steams at the enemy.
      expect(said).toContain("USS Tecumseh's reckless captain steams at the enemy (speed 8)")
      expect(said).toContain('CSS Tennessee drops anchor')
      // digest §1.2 P7: the Union's DECIDE line, in its move-1 mail, moved its flag to Galena.
      expect(said[0]).toBe('The USA flag flies in USS Galena')
      expect((fold.state as { flagships: Record<string, string> }).flagships).toEqual({ USA: 'GALE' })
      expect(said).toContain('USS Tecumseh needs no ram test (no CPV lost)')
      expect(said).toContain('USS Chickasaw keeps to her directive, FOLLOW TECU 1.48')
      expect(said).toContain(
        'CSS Selma has no orders and holds on, but turns to starboard 32 to keep clear of danger ahead',
      )
      expect(said.some((t) => /runs aground/.test(t))).toBe(false)
      expect(said.some((t) => /tests morale/.test(t))).toBe(true)
      expect(said).toContain('CSS Selma critical: table 1, result 5: gunOutGame')

      // Each side's report: its own ships in full, the enemy in sight without hull or crew, the order
      // form with legal ranges, and the plot attached as a PNG shown inline by the HTML part.
      const { usa, csa } = reportsAt(run.app, demo.gameId, 2)
      expect(usa.text).toMatch(
        /YOUR SHIPS\n {2}TECU USS Tecumseh \(Canonicus-class monitor\): afloat, \([\d.]+,[\d.]+\) heading \d+, speed 8/,
      )
      expect(usa.text).toMatch(/hull \d+\/210 SPV \(PV 70\); crew \d+\/10 CPV/)
      expect(usa.text).toMatch(/ENEMY SHIPS IN SIGHT\n {2}TENN CSS Tennessee/)
      expect(usa.text).toContain('Fort Morgan (CSA): ')
      expect(usa.text).toMatch(/# USS Tecumseh: speed \d+\.\.\d+; radius 7"/)
      expect(usa.text).toContain('TECU: SPEED 8')
      expect(csa.text).toMatch(/YOUR SHIPS\n {2}TENN CSS Tennessee/)
      expect(csa.text).not.toMatch(
        /USA objectives|TECU: SPEED|Tecumseh \(Canonicus-class monitor\): afloat, .*\n +hull/,
      )
      for (const r of [usa, csa]) {
        expect(r.attachments?.[0]).toMatchObject({ contentType: 'image/png', cid: 'map@acw-pbem' })
        expect(r.html).toContain('<img src="cid:map@acw-pbem"')
        expect(r.html).toContain('<h2>Your ships</h2>')
      }
      expect(csa.text).toContain('CSA objectives: DESTROY_1_IRONCLAD, DESTROY_FLAGSHIP')
    } finally {
      run.cleanup()
    }
  })

  it('at every resolution no letter and no export shows a side what is meant for the other', async () => {
    const run = await playDemo(riverCoastalFactory.id, demo)
    try {
      expect(fogLeaks(run.app, demo.gameId, ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(run.app, demo.gameId, ['usa', 'csa'])).toEqual([])
    } finally {
      run.cleanup()
    }
  })

  it("the archive draws each reader's plot as the report mailed it: stamped with the game and the resolution's time", async () => {
    const run = await playDemo(riverCoastalFactory.id, demo)
    try {
      const adjudication = run.app.judge.load(demo.gameId).adjudications.find((a) => a.data.point === 2)!
      const at = `${adjudication.event.recordedAt.slice(0, 10)} ${adjudication.event.recordedAt.slice(11, 16)} UTC`
      const usa = { kind: 'role', role: 'usa' } as const
      const [archived] = history(run.app.judge, demo.gameId, usa, { point: 2 })
      const svg = archived!.figures[0]!.svg
      expect(svg).toContain(`ACW River and Coastal, game ${demo.gameId}: `)
      expect(svg).toContain(`Union plot, move 3 of 14 (as move 2 ended), ${at}`)
      // The very picture the report's mail drew (the outbox keeps it as PNG).
      const mailed = figureAttachments(run.app.judge.loadAfter(demo.gameId, 2)!, usa, [adjudication.data])
      expect(mailed[0]!.svg).toBe(svg)
    } finally {
      run.cleanup()
    }
  })
})

describe('River & Coastal by mail: Above the Bluffs, a hidden deployment', () => {
  it('acknowledges a bad line by its number, keeps the deployment secret and reports each side only its own', async () => {
    const app = testApp('rc-mail')
    try {
      const { mail } = mailGame(app, { game: 'atb1', scenario: 'above-the-bluffs', players: PLAYERS, tag: 't' })

      // Deployment: a line out of the zone is refused by its number, with the rule's bounds.
      expect(
        await mail('csa', ['ARKS: AT 24,66 HEADING 180', '# the ram waits in the bend', 'MANS: AT 16,40 HEADING 180']),
      ).toBe('orders-rejected')
      const ack = outboxRows(app).at(-1)!
      expect(ack.recipient).toBe('buchanan@example.test')
      expect(ack.mail.text).toContain(
        'line 4: "MANS: AT 16,40 HEADING 180": AT 16,40: CSA deploys with y from 56 to 72',
      )
      expect(
        await mail('csa', ['ARKS: AT 24,66 HEADING 180', 'MANS: AT 14,64 HEADING 180', 'MORE: AT 36,64 HEADING 180']),
      ).toBe('orders-accepted')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('atb1').committed).toBe(true)

      // Moves 1-4: both sides by mail; the Union steams up, the Confederates wait.
      for (let move = 1; move <= 4; move++) {
        expect(await mail('usa', ['CARO: SPEED 6', 'CINC: SPEED 6', 'MOUN: SPEED 6', 'STLO: SPEED 6'])).toBe(
          'orders-accepted',
        )
        expect(await mail('csa', ['ARKS: SPEED 0; FIRE ALL AT NEAREST', 'MANS: SPEED 0', 'MORE: SPEED 0'])).toBe(
          'orders-accepted',
        )
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('atb1').committed).toBe(true)
      }
      // A bad move line: the speed limit of §7 L441, by line number.
      expect(await mail('usa', ['CARO: SPEED 6', 'CINC: SPEED 12'])).toBe('orders-rejected')
      expect(outboxRows(app).at(-1)!.mail.text).toMatch(/line 3: "CINC: SPEED 12": SPEED 12: /)

      const deployed = reportsAt(app, 'atb1', 1)
      expect(deployed.csa.text).toContain('Deployed: ')
      expect(deployed.usa.text).not.toContain('Deployed: ')
      expect(deployed.usa.text).not.toMatch(/\(24,66\)|\(14,64\)|\(36,64\)/)
      // §9 L589 in fog the Union sees none of them; the checks below have secrets to look for.
      expect(deployed.usa.text).toContain('ENEMY SHIPS IN SIGHT\n  none in sight')
      const narrative = app.judge.load('atb1').adjudications.flatMap((a) => a.data.narrative)
      expect(narrative.filter((e) => e.audience.kind === 'roles').length).toBeGreaterThan(1)
      expect(fogLeaks(app, 'atb1', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'atb1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })

  it('digest §4.4 directives by mail: the ships of a silent side follow them; no directive or signal reaches the enemy', async () => {
    const app = testApp('rc-directives')
    try {
      const { mail } = mailGame(app, { game: 'atb2', scenario: 'above-the-bluffs', players: PLAYERS, tag: 't' })
      const next = () => {
        app.now.t += 3_600_000
        expect(app.judge.adjudicate('atb2').committed).toBe(true)
      }
      next() // the Confederates keep their default places
      expect(
        await mail('csa', [
          'DIRECTIVE ARKS ENGAGE NEAREST',
          'DIRECTIVE MANS FOLLOW ARKS 2',
          'DIRECTIVE MORE PATROL 34,60 34,50',
        ]),
      ).toBe('orders-accepted')
      expect(await mail('usa', ['DIRECTIVE CINC FOLLOW CARO 2', 'DIRECTIVE STLO FOLLOW MOUN 2', 'CARO: SPEED 6'])).toBe(
        'orders-accepted',
      )
      next()
      // in the fog the flagship may signal only herself: her new directive counts from move 3
      expect(await mail('csa', ['FLEET SIGNAL ARKS HOLD'])).toBe('orders-accepted')
      next()
      next() // move 3: nobody writes
      const last = reportsAt(app, 'atb2', 4)
      expect(last.csa!.text).toContain('directive PATROL 34,60 34,50')
      expect(last.csa!.text).toMatch(/ARKS CSS Arkansas[^\n]*\n.*\n.*\n.*directive HOLD \d/)
      expect(last.usa!.text).toContain('directive FOLLOW CARO 2')
      expect(last.usa!.text).not.toMatch(/FOLLOW ARKS|directive HOLD|PATROL/)
      expect(fogLeaks(app, 'atb2', ['usa', 'csa'])).toEqual([])
      expect(hiddenShipsShown(app, 'atb2', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })

  it('§5 L283 a random river by mail: the minefields are laid by a DECIDE answer that never reaches the enemy', async () => {
    const app = testApp('rc-random')
    try {
      const { keys } = app.judge.createGame({
        game: 'rr1',
        ruleset: 'river-coastal',
        scenario: 'random-river',
        players: PLAYERS,
        zone: 'UTC',
      })
      // a mail with only answers in it is a command (no orders to file)
      const fold = app.judge.load('rr1')
      const ask = fold.ruleset.awaiting(fold.state).find((a) => a.kind === 'decision' && a.decisionId === 'MINES')!
      const layer = ask.role
      const other = layer === 'usa' ? 'csa' : 'usa'
      const send = inboundHandler(app)
      expect(
        await send(
          orderMail(PLAYERS, 'rr1', layer, keys[layer]!, ['DECIDE MINES REAL 20,30 DUMMY 30,50'], 1, 't'),
          'test:1',
        ),
      ).toBe('command')
      app.now.t += 3_600_000
      expect(app.judge.adjudicate('rr1', { force: true }).committed).toBe(true)
      const state = app.judge.load('rr1').state as RiverState
      expect(state.table!.layout!.minefields.map((m) => m.real)).toEqual([true, false])
      const address = PLAYERS.find((p) => p.role === other)!.address
      const letters = outboxRows(app)
        .filter((r) => r.recipient === address)
        .map((r) => `${r.mail.text}\n${r.mail.html ?? ''}`)
        .join('\n')
      const exported = JSON.stringify(redactedEvents(app.judge, 'rr1', { kind: 'role', role: other }))
      for (const secret of ['REAL 20,30', 'Your real fields'])
        expect(letters.includes(secret) || exported.includes(secret)).toBe(false)
      expect(letters).toContain('lays minefields centred at 20,30 and 30,50')
      expect(fogLeaks(app, 'rr1', ['usa', 'csa'])).toEqual([])
    } finally {
      app.cleanup()
    }
  })
})
