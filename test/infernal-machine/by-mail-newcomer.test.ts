// A newcomer plays Infernal Machine by mail: each mistake of a first letter (a Build the funds
// cannot pay, a tile that does not exist, an expertise the shop lacks, a launch position off the
// board) is refused on receipt with the legal choices, names are read in any case, and the report
// and HELP show what he may do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImState } from '../../src/games/infernal-machine/index.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { checkOrders } from '../../src/mail/orderCheck.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { outboxRows, testApp, type TestApp } from '../helpers/app.ts'

const GAME = 'im-demo'
const CAPTAIN = 'hunley@example.test'
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

/** Refused on arrival; `pbem check` on the same text gives the same errors beforehand. */
const rejected = async (body: string) => {
  const dry = checkOrders(app.judge, GAME, 'captain', body).orders!
  expect(dry.accepted).toBe(false)
  expect(dry.errors.length).toBeGreaterThan(0)
  expect(await deliver(body)).toBe('orders-rejected')
  const ack = mails().at(-1)!.mail.text
  for (const e of dry.errors) expect(ack).toContain(e.message)
  return ack
}

describe('Infernal Machine by mail: a newcomer refused on receipt, with the legal choices', () => {
  it("the four mistakes are refused on arrival, each with its reason and the choices; the report and HELP show the shop's prices", async () => {
    expect(await deliver('PACE MISSION\nRECRUIT JOURNEYMAN KEEP ALL')).toBe('orders-accepted')
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const report = mails()
      .filter((m) => m.kind === 'report')
      .at(-1)!.mail.text
    expect(report).toContain('WHAT YOU MAY DO NEXT')
    expect(report).toMatch(/Shop expertise 5\. BUILD parts within it: needle-prow \$3 \(expertise 2\)/)
    expect(report).toContain("Beyond the shop's expertise: magnetic-engine $15 (expertise 6)")
    expect(report).toMatch(
      /Launch positions \(MISSION \.\.\. FROM; a mission starts on your shop's board, charleston\): mount-pleasant, breach-inlet/,
    )
    expect(report).toContain('Personae: robinson (Robinson, journeyman')

    expect(await rejected('BUILD needle-prow section chisel-stern magnetic-engine@1')).toContain(
      'magnetic-engine needs expertise 6, the shop has 5; of its kind within it: boiler-engine $10',
    )
    expect(await rejected('BUILD needle-prow section chisel-stern hatch@7')).toContain(
      'hatch@7: there is no tile 7; the tiles this BUILD may name: 0 needle-prow, 1 section, 2 chisel-stern',
    )
    expect(await rejected('MISSION TRAINING FROM mount-pleasant CREW robinson@1')).toContain(
      'the fishboat is not seaworthy: no prow, no stern, no steeringLink, no propeller, neither a hatch nor a boiler engine (p.56); BUILD it first',
    )
    expect(await rejected('BUILD propeller@99999999999999999999')).toContain(
      'the tile is a whole number from 0 to 31, not 99999999999999999999',
    )

    // The hull is built; what is left will not pay for a second boat's worth of machinery.
    expect(
      await deliver('BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3'),
    ).toBe('orders-accepted')
    expect(app.judge.adjudicate(GAME).committed).toBe(true)
    const funds = state().campaign!.funds
    const refused = await rejected('BUILD airlock@2 diver@2 large-charge@2 dive-planes@2 boiler-engine@2')
    expect(refused).toContain(
      `the parts cost $29 (airlock $5, diver $6, large-charge $4, dive-planes $4, boiler-engine $10); funds are $${funds}, at most $`,
    )
    expect(refused).toMatch(/order parts worth \$\d+ or less/)

    expect(await rejected('MISSION TRAINING FROM wharf CREW robinson@1')).toContain(
      'wharf is not a launch position of the charleston board; its launch positions: mount-pleasant, breach-inlet',
    )

    // Names are read in any case: the same mission from the board's own launch position is accepted.
    expect(await deliver('MISSION TRAINING FROM Mount-Pleasant CREW ROBINSON@1')).toBe('orders-accepted')
    expect(mails().at(-1)!.mail.text).toMatch(/MISSION TRAINING FROM mount-pleasant CREW robinson@1/)

    expect(await deliver('HELP')).toBeTruthy()
    const help = mails().at(-1)!.mail.text
    expect(help).toContain('  MISSION TRAINING|ROLL FROM <launch position> CREW <persona>@<tile>,...')
    expect(help).toContain(
      '      e.g. BUILD needle-prow section section chisel-stern hatch@1 steering-link@1 propeller@3',
    )
    expect(help).toContain(`What you may do now:\n  Funds $${funds}`)
    expect(help).toContain(
      'Boat tiles (the number after @ in BUILD, SELL and MOVE; tiles a BUILD adds are 4 on): 0 needle-prow, 1 section [hatch, steering-link], 2 section, 3 chisel-stern [propeller]',
    )
  })
})
