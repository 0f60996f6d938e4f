// A campaign year by mail, at each pace: order mails dropped in the judge's inbox folder and read
// by the real intake (as `pbem demo` and the drop folder do), each resolution's report mail read
// back: the ledger every season, the fishboat after each mission step, the dice, the cards drawn.
// And Scenario 1's attack run by mail, whose report carries the Tactical Board as a PNG.
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { readInbox } from '../../src/cli/app.ts'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

const GAME = 'im-demo'
const CAPTAIN = 'hunley@example.test'
// The demo's seed and game: a shop of Brown, Alexander, Moser, Robinson and Baird after the recruit.
const SEED = 'im-demo-1'
const YEAR = [
  'RECRUIT MECHANIC KEEP ALL\nRECRUIT JOURNEYMAN KEEP ALL',
  'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3',
  'CREW moser=STEER\nROUTE back-bay mount-pleasant\nMISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1,alexander@2,robinson@2',
  'INVEST 0',
]

const apps: TestApp[] = []
afterEach(() => {
  for (const a of apps.splice(0)) a.cleanup()
})

function open(scenario: string): { app: TestApp; key: string } {
  const app = testApp(SEED)
  apps.push(app)
  app.judge.createGame({
    game: GAME,
    ruleset: 'infernal-machine',
    scenario,
    players: [{ role: 'captain', address: CAPTAIN, name: 'Horace Hunley' }],
    zone: 'UTC',
  })
  return { app, key: app.judge.keyFor(GAME, 'captain') }
}

let n = 0
/** Drops an order mail, as the captain's mail program sends it, in the inbox folder and reads it. */
async function mail(app: TestApp, key: string, body: string): Promise<string[]> {
  const id = ++n
  const raw = [
    `From: Horace Hunley <${CAPTAIN}>`,
    `To: ${app.judge.replyAddress(GAME, 'captain', key)}`,
    `Subject: Orders ${GAME} captain ${id}`,
    'Date: Mon, 02 Mar 2026 12:00:00 +0000',
    `Message-ID: <year${id}@example.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `GAME ${GAME} CAPTAIN`,
    `KEY ${key}`,
    ...body.split('\n'),
    '',
  ].join('\r\n')
  const file = join(app.dirs.inbox, `year-${id}.eml`)
  writeFileSync(file, raw)
  // The drop folder waits a second for a file younger than its settle time: date it back instead.
  utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
  return (await readInbox(app)).map(String)
}

/** The captain's result mails, one a resolution (the opening mail is not one). */
const reports = (app: TestApp) =>
  outboxRows(app).filter((r) => r.recipient === CAPTAIN && r.kind === 'report' && r.mail.subject.includes('Results'))

/** Plays the year: one mail a season; at PACE STEP the mission's later turns resolve at their deadline, mail-less. */
async function playYear(pace: 'MISSION' | 'STEP', scenario = 'campaign-csa', mails = YEAR) {
  const { app, key } = open(scenario)
  const intake: string[] = []
  const labels: string[] = []
  const queue = [...mails]
  queue[0] = `PACE ${pace}\n${queue[0]}`
  while (queue.length) {
    const s = app.judge.load(GAME).state as ImState
    if (!s.mission) intake.push(...(await mail(app, key, queue.shift()!)))
    app.now.t += 3_600_000
    const r = app.judge.adjudicate(GAME)
    expect(r.committed).toBe(true)
    labels.push(r.label ?? '')
  }
  return { app, intake, labels, state: app.judge.load(GAME).state as ImState }
}

// The year at PACE MISSION is played once for both tests that read it (neither writes to it): the
// second played the same year again from the same seed and mails.
let missionYear: ReturnType<typeof playYear> | null = null
const playedAtMission = () =>
  (missionYear ??= playYear('MISSION').then((year) => {
    apps.splice(apps.indexOf(year.app), 1)
    return year
  }))
afterAll(async () => (await missionYear)?.app.cleanup())

describe('Infernal Machine: a campaign year by mail at both paces (digest 5.6, p.44-62)', () => {
  it('p.44-62 PACE MISSION: one report a season, the training mission flown whole in the Autumn report', async () => {
    const { app, intake, labels, state } = await playedAtMission()
    expect(intake).toEqual(['orders-accepted', 'orders-accepted', 'orders-accepted', 'orders-accepted'])
    expect(labels).toEqual(['campaign set-up', 'summer 1861, income', 'autumn 1861, income', 'winter 1862, income'])
    const sent = reports(app)
    expect(sent).toHaveLength(4)
    // The campaign ledger in every report: money, reputation (Prices, Alert, Training), the season.
    for (const r of sent) expect(r.mail.text).toMatch(/CAMPAIGN LEDGER, \w+ 186\d at norfolk\n.*Funds \$\d+; Prices/)
    const autumn = sent[2]!.mail.text
    expect(autumn).toMatch(/MISSION OVER\n {2}Mission home:\n {2}Position: Mount Pleasant \(charleston\), surface/)
    expect(autumn).toMatch(/ {2}Crew: Moser \(tile 1: .*\); Baird \(tile 1/)
    expect(autumn).toMatch(/turn 1: Back Bay, surface, Alert 0, undetected, Pursuit 0, Leaks \d, Malfunctions \d/)
    expect(autumn).toMatch(/turn 2: Mount Pleasant, surface/)
    expect(autumn).toMatch(/CARDS AND CUBES DRAWN\n {2}Navigation card N\d\d/)
    expect(autumn).toMatch(/#\d+ .*: d10 = \d+/)
    expect(autumn).toContain('the fishboat is home at Mount Pleasant: the mission ends')
    expect([state.campaign!.year, state.campaign!.season]).toEqual([1862, 'spring'])
    expect(sent[3]!.mail.text).toContain('CAMPAIGN LEDGER, spring 1862 at norfolk')
    expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
    // The decks' hidden draws stay sealed while the war goes on (DESIGN 5); the dice verify.
    const dice = verifyDice(app.judge, GAME)
    expect(dice.ok).toBe(true)
    expect(dice.lines.at(-1)).toMatch(/^hidden draws: \d+ sealed until the game ends/)
  })

  it('digest 5.6 PACE STEP: a report after each mission turn with the boat, then the same year ends', async () => {
    const whole = await playedAtMission()
    const step = await playYear('STEP')
    expect(step.intake).toEqual(whole.intake)
    expect(step.labels).toEqual([
      'campaign set-up',
      'summer 1861, income',
      'autumn 1861, income',
      'autumn 1861, mission turn 2',
      'winter 1862, income',
    ])
    const sent = reports(step.app)
    expect(sent).toHaveLength(5)
    const [turn1, turn2] = [sent[2]!.mail.text, sent[3]!.mail.text]
    // After each step: position, crew and markers, Leaks, Malfunctions, Alert, the dice and the cards.
    expect(turn1).toContain('THE FISHBOAT, training mission turn 1 on charleston')
    expect(turn1).toContain('Position: Back Bay, surface, undetected, Pursuit 0')
    expect(turn1).toMatch(/ {2}Moser +tile 1 {2}markers: /)
    expect(turn1).toMatch(/Malfunctions: /)
    expect(turn1).not.toMatch(/turn 2: /)
    expect(turn2).toMatch(/turn 2: Mount Pleasant, surface/)
    expect(turn2).toContain('the fishboat is home at Mount Pleasant: the mission ends')
    // Each resolution has its own dice secret. Up to the mission both paces resolve the same points,
    // and the mission's turns draw the same cards; the seasons after it fall in later resolutions at
    // PACE STEP, so their dice (and the winter's money) differ: only 1861 is compared.
    const y1861 = (s: ImState) => {
      const c = s.campaign!
      return [c.year, c.season, c.location, c.training, c.lost, c.ledger.filter((l) => l.includes('1861'))]
    }
    expect(y1861(step.state)).toEqual(y1861(whole.state))
    const cards = (...mails: string[]) => mails.flatMap((t) => t.split('SITUATION')[0]!.match(/\w+ card \w+/g))
    expect(cards(turn1, turn2)).toEqual(cards(reports(whole.app)[2]!.mail.text))
    expect(cards(turn1, turn2)).toHaveLength(4)
    expect(verifyDice(step.app.judge, GAME).ok).toBe(true)
  })
})

describe('Infernal Machine: a USA year by mail with a Training-board mission (p.15-38, p.56)', () => {
  // The same seed gives the USA shop at Brooklyn Kroehl, Alexander, Kreiner and Baird.
  const USA = [
    'RECRUIT MECHANIC KEEP ALL\nRECRUIT JOURNEYMAN KEEP ALL',
    'BUILD needle-prow section chisel-stern hatch@1 steering-link@1 propeller@2',
    'CREW kroehl=STEER\nROUTE channel wharf\nMISSION TRAINING FROM wharf CREW kroehl@1,baird@1',
    'INVEST 0',
  ]
  it('p.56 IM-41 flown out of Home Wharf and back at PACE MISSION and at PACE STEP, the same cards drawn', async () => {
    const whole = await playYear('MISSION', 'campaign-usa', USA)
    const step = await playYear('STEP', 'campaign-usa', USA)
    expect(whole.intake).toEqual(['orders-accepted', 'orders-accepted', 'orders-accepted', 'orders-accepted'])
    expect(step.intake).toEqual(whole.intake)
    expect(step.labels).toContain('autumn 1861, mission turn 2')
    const [mission] = reports(whole.app).slice(2)
    expect(mission!.mail.text).toContain('[p.15] mission set-up on the Training board at Home Wharf')
    expect(mission!.mail.text).toContain('[p.38] the fishboat is home at Home Wharf: the mission ends')
    const [turn1, turn2] = reports(step.app).slice(2)
    expect(turn1!.mail.text).toContain('THE FISHBOAT, training mission turn 1 on training')
    expect(turn1!.mail.text).toContain('Position: Channel, surface, undetected, Pursuit 0')
    expect(turn2!.mail.text).toContain('[p.58] Advancement Check: ')
    const drawn = (...texts: string[]) => texts.flatMap((t) => t.split('SITUATION')[0]!.match(/\w+ card \w+/g))
    expect(drawn(turn1!.mail.text, turn2!.mail.text)).toEqual(drawn(mission!.mail.text))
    for (const run of [whole, step]) expect(verifyGame(run.app.db, run.app.judge, GAME).ok).toBe(true)
  })
})

describe('Infernal Machine: Scenario 1 by mail (p.3-7)', () => {
  it('the attack run report shows the Tactical Board inline in HTML and attached as a PNG', async () => {
    const { app, key } = open('scenario-1')
    expect(await mail(app, key, '# the set-up')).toEqual(['orders-accepted'])
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    expect(await mail(app, key, 'APPROACH BEST\nCONCUSSION FULL')).toEqual(['orders-accepted'])
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const last = reports(app).at(-1)!.mail as { text: string; html: string; attachments?: unknown[] }
    expect(last.text).toContain('TACTICAL BOARD (the last attack run; the attached picture draws it)')
    expect(last.attachments?.[0]).toMatchObject({ contentType: 'image/png', cid: 'map@acw-pbem' })
    expect(last.html).toContain('<img src="cid:map@acw-pbem"')
    expect(app.judge.load(GAME).finished).toBe(true)
  })
})
