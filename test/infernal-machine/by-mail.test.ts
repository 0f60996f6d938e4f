// Infernal Machine through the judge:
// orders by mail acknowledged line by line, a halt point's question mailed with its options and
// the boat as it stands, answered by a DECIDE mail, the report mails, no face-down card shown
// before it is drawn, and dice anyone can check.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

const GAME = 'im-demo'
const CAPTAIN = 'hunley@example.test'
// The demo's seed: Norfolk, and a shop of Brown, Alexander, Moser, Robinson and Baird after the recruit.
const SEED = 'im-demo-1'

let app: TestApp
let key: string
let n = 0
beforeEach(() => {
  app = testApp(SEED)
  app.judge.createGame({
    game: GAME,
    ruleset: 'infernal-machine',
    scenario: 'campaign-csa',
    players: [{ role: 'captain', address: CAPTAIN, name: 'Horace Hunley' }],
    zone: 'UTC',
  })
  key = app.judge.keyFor(GAME, 'captain')
})
afterEach(() => app.cleanup())

const mails = () => outboxRows(app).filter((r) => r.recipient === CAPTAIN)
const state = () => app.judge.load(GAME).state as ImState
function deliver(body: string) {
  const raw = Buffer.from(
    `From: ${CAPTAIN}\r\nTo: judge@judge.example.test\r\nSubject: orders\r\nMessage-ID: <im${++n}@example.test>\r\nContent-Type: text/plain\r\n\r\n${`GAME ${GAME} CAPTAIN\nKEY ${key}\n${body}`.replace(/\n/g, '\r\n')}\r\n`,
  )
  return handleInbound(raw, 'test', {
    judge: app.judge,
    db: app.db,
    outbox: sqliteOutbox(app.db, app.clock),
    clock: app.clock,
  })
}
const RECRUIT = 'PACE MISSION\nRECRUIT MECHANIC KEEP ALL\nRECRUIT JOURNEYMAN KEEP ALL'
const BUILD = 'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3'
const TRAIN =
  'PACE STEP\nHALT navcrank\nORDERS moser=STEER\nROUTE back-bay mount-pleasant\nMISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1,alexander@2,robinson@2'

const shop = async () => {
  expect(await deliver(RECRUIT)).toBe('orders-accepted')
  expect(app.judge.adjudicate(GAME).committed).toBe(true)
  expect(await deliver(BUILD)).toBe('orders-accepted')
  expect(app.judge.adjudicate(GAME).committed).toBe(true)
}

describe('Infernal Machine by mail', () => {
  it('opens with a report and a form for the set-up; acknowledges orders as understood, or a bad line by its number', async () => {
    const opening = mails()[0]!
    expect(opening.mail.subject).toBe(`[${GAME}] Game opens (captain)`)
    expect(opening.mail.text).toMatch(/^Infernal Machine: game im-demo, Campaign, CSA/)
    expect(opening.mail.text).toContain('SITUATION: campaign set-up (CSA); pace MISSION; halt points: none')
    expect(opening.mail.text).toContain('# RECRUIT JOURNEYMAN|MECHANIC|SAILOR')

    expect(await deliver(`${RECRUIT}\n# the shop`)).toBe('orders-accepted')
    const ack = mails().at(-1)!.mail.text
    expect(ack).toContain('are ACCEPTED')
    expect(ack).toContain('  RECRUIT MECHANIC KEEP ALL\n  RECRUIT JOURNEYMAN KEEP ALL')
    expect(app.judge.adjudicate(GAME).committed).toBe(true)

    // Line 1 is GAME, line 2 KEY: the misspelt order is on line 4, and the nearest word is offered.
    expect(await deliver('BUILD needle-prow\nMISION TRAINING')).toBe('orders-rejected')
    const refused = mails().at(-1)!.mail.text
    expect(refused).toContain('NOT accepted: nothing of this message is on file')
    expect(refused).toMatch(/line 4: "MISION TRAINING": unknown order MISION \(did you mean MISSION\?\)/)
  })

  it('reports the ledger after each season: money, Prices, Alert, Training, the shop and the boat built', async () => {
    await shop()
    const report = mails()
      .filter((m) => m.kind === 'report')
      .at(-1)!
    expect(report.mail.subject).toBe(`[${GAME}] Results: summer 1861, income (captain)`)
    const text = report.mail.text
    expect(text).toContain('CAMPAIGN LEDGER, autumn 1861 at norfolk')
    expect(text).toContain('Funds $0; Prices 0; Alert 0; Training 0')
    expect(text).toContain('Shop: brown, alexander, moser, robinson, baird')
    expect(text).toContain(
      'Boat in the shop: needle-prow-section-section-chisel-stern with hatch@1, steering-link@1, propeller@3',
    )
    expect(text).toContain('summer 1861: -$6 built propeller (funds $0)')
    expect(report.mail.html).toContain('<h2>Campaign ledger, autumn 1861 at norfolk</h2>')
    expect(text).toContain('# autumn 1861: campaign actions, taken in the order written')
  })

  it('stops at a halt point and mails the question with its options and the boat; a DECIDE mail answers it', async () => {
    await shop()
    expect(await deliver(TRAIN)).toBe('orders-accepted')
    const stopped = app.judge.adjudicate(GAME)
    expect(stopped.committed).toBe(false)
    expect(stopped.waiting?.decisionId).toBe('AUTUMN-1861-T1-NAVCRANK')
    const question = mails().at(-1)!
    expect(question.mail.subject).toBe(`[${GAME}] Decision needed: AUTUMN-1861-T1-NAVCRANK (captain)`)
    const q = question.mail.text
    expect(q).toContain(
      'Navigation card N04 (with the drift: A -, B -, C -, D panic, E drift; not with: A -, B -, C -, D drift, E drift; lower register: none): crank Easy (grade C: -), Full (B: -) or Strain (A: -)?',
    )
    expect(q).toMatch(
      /Options:\n {2}easy +grade C, -\n {2}full +grade B, -, 1 Fatigue\n {2}strain +grade A, -, 2 Fatigue/,
    )
    // The situation: the boat as it stands when asked, and only what came before the question.
    expect(q).toContain('Position: Back Bay (charleston), surface, undetected, Pursuit 0')
    expect(q).toContain('Crew: Moser (tile 1: steer); Baird (tile 1); Alexander (tile 2); Robinson (tile 2)')
    expect(q).toContain('[p.25] the fishboat moves to Back Bay')
    expect(q).not.toContain('Discovery card')
    expect(q).toContain('DECIDE AUTUMN-1861-T1-NAVCRANK <option>')

    // The face-down Navigation deck: the next card is not shown before it is drawn.
    const next = state().mission?.navDeck.drawPile[0]
    expect(next).toBeUndefined() // the resolution has not committed: the state is still the season's start
    expect(await deliver('DECIDE AUTUMN-1861-T1-NAVCRANK easy')).toBe('command')
    expect(mails().at(-1)!.mail.text).toContain('AUTUMN-1861-T1-NAVCRANK: easy (grade C, -)')
    const done = app.judge.adjudicate(GAME)
    expect(done.committed).toBe(true)

    const report = mails()
      .filter((m) => m.kind === 'report')
      .at(-1)!
    const text = report.mail.text
    expect(report.mail.subject).toBe(`[${GAME}] Results: autumn 1861, income (captain)`)
    expect(text).toContain('Answered easy (AUTUMN-1861-T1-NAVCRANK).')
    expect(text).toContain('[p.28] Navigation card N04: crank easy, grade C, row not with the drift: no effect')
    // The boat, its crew and markers, leaks, malfunctions, alert and position after the step.
    expect(text).toContain('THE FISHBOAT, training mission turn 1 on charleston')
    expect(text).toContain('Position: Back Bay, surface, undetected, Pursuit 0')
    expect(text).toMatch(/ {2}Moser +tile 1 {2}markers: none/)
    expect(text).toContain('Malfunctions: none')
    expect(text).toContain('turn 1: Back Bay, surface, Alert 0, undetected, Pursuit 0, Leaks 0, Malfunctions 0')
    expect(text).toContain('CARDS AND CUBES DRAWN\n  Navigation card N04: crank easy')
    expect(text).toContain('  Discovery card D20: malfRandom')
    expect(text).toMatch(
      /AUTUMN-1861-T1-NAVCRANK: .*\n {4}options: easy \(grade C, -\) \| full \(grade B, -, 1 Fatigue\) \| strain .*\n {4}answer used: easy \(answered\)/,
    )
    expect(text).toContain('#5 discovery malfunction die 1: d10 = 3')
    // The DICE section: the secret and its commitment once, then one short line per roll.
    const diceSection = text.slice(text.indexOf('\nDICE\n'), text.indexOf('\nNEXT\n'))
    expect(diceSection.match(/[0-9a-f]{64}/g)).toHaveLength(3) // secret, its commitment, the next commitment
    const rollLines = diceSection.split('\n').filter((l) => l.startsWith('  #'))
    expect(rollLines.length).toBeGreaterThan(5)
    for (const l of rollLines) expect(l).toMatch(/^ {2}#\d+ [a-z0-9 ]+: d\d+ = \d+$/)
    expect(report.mail.html).toContain('<h2>The fishboat: training mission turn 1 on charleston</h2>')

    // Now the deck is shuffled: its next card is nowhere in what the captain was sent...
    const upcoming = state().mission!.navDeck.drawPile[0]!
    expect(upcoming).toBe('N09')
    for (const m of mails()) {
      expect(m.mail.text).not.toContain(upcoming)
      expect(m.mail.text).not.toContain('deck shuffle')
    }
    // ...until the next mission turn draws it (no more halts: the automatic answer is named).
    expect(await deliver('HALT NONE')).toBe('orders-accepted')
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const after = mails()
      .filter((m) => m.kind === 'report')
      .at(-1)!.mail.text
    expect(after).toContain(`Navigation card ${upcoming}`)
    expect(after).toMatch(/ANSWERED AUTOMATICALLY .*\n {2}navcrank: \w+ \(AUTUMN-1861-T2-NAVCRANK\)/)

    // The moderator's report lists the hidden draws (the shuffle); the dice of every resolution verify.
    const moderator = outboxRows(app).filter((r) => r.recipient === 'mod@example.test' && r.kind === 'report')
    expect(moderator.some((r) => r.mail.text.includes('navigation deck shuffle'))).toBe(true)
    expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
    const dice = verifyDice(app.judge, GAME)
    expect(dice.ok).toBe(true)
    expect(dice.checked).toBeGreaterThan(10)
  })
})
