// Numbers out of range are refused at receipt, in every game: a number past what the quantity can
// be (a tile, a speed, a stake, a price, a count of dice) never reaches the resolution.
import { afterAll, describe, expect, it } from 'vitest'
import { testApp } from '../helpers/app.ts'
import { scenariosOf } from './fuzz/fuzzPlay.ts'

const BIG = '99999999999999999999'

/** Per game: a scenario, a role whose orders are awaited at the start, and lines with a number out of range. */
const CASES: Record<string, { scenario: string; role: string; lines: string[] }[]> = {
  'sea-devils': [
    {
      scenario: 'weak-beginning',
      role: 'confederate',
      lines: [`SUM: MOVE C11 C${BIG}`, `POLICY SUM ON SPOTTED: ESCAPE IF diff >= ${BIG}; FIGHT`],
    },
  ],
  'rebel-raiders': [
    {
      scenario: '1861',
      role: 'confederate',
      lines: [`MOVE RD-1 RAID x${BIG}`, `PLAY ${BIG}`, `POLICY ALL ON BATTLE: RETREAT IF lost >= ${BIG}; FIGHT`],
    },
    { scenario: '1861', role: 'union', lines: [`DEFEND ALL TACTICS ${BIG}`, 'DEFEND ALL TACTICS 4'] },
  ],
  'river-coastal': [
    {
      scenario: 'passing-the-fort',
      role: 'usa',
      lines: [
        `TECU: SPEED ${BIG}`,
        `TECU: SPEED 4; TURN PORT ${BIG}`,
        `TECU: SPEED 4; TURN PORT 10 AT ${BIG}`,
        `TECU: REPAIR ${BIG} AUTO`,
        `TECU: BOARD TENN ${BIG}`,
        `TECU: MORTAR MORG SQ ${BIG}`,
      ],
    },
  ],
  'infernal-machine': [
    {
      scenario: 'campaign-csa',
      role: 'captain',
      lines: [
        `BUILD propeller@${BIG}`,
        'BUILD propeller@100',
        `INVEST ${BIG}`,
        `LETTER MARQUE PAY ${BIG}`,
        'LETTER RECRUITMENT PAY 7',
        `LETTER MARQUE PAY 5 GREASE ${BIG}`,
        `COMMISSION REROLL ${BIG}`,
        `REQUISITION propeller GREASE ${BIG}`,
        `ROUTE back-bay@${BIG}`,
        `FATESMILES ${BIG}`,
        `SLACK ${BIG}`,
        `MISSION TRAINING FROM mount-pleasant CREW moser@${BIG}`,
      ],
    },
  ],
}

const apps: ReturnType<typeof testApp>[] = []
afterAll(() => {
  for (const a of apps) a.cleanup()
})

for (const [game, cases] of Object.entries(CASES))
  describe(`numbers out of range: ${game}`, () => {
    for (const c of cases)
      it(`${c.scenario}, ${c.role}: every such line is refused at receipt`, () => {
        const app = testApp(`numbers-${game}`)
        apps.push(app)
        const roles = scenariosOf(game).find((s) => s.id === c.scenario)!.roles
        app.judge.createGame({
          game: 'n1',
          ruleset: game,
          scenario: c.scenario,
          players: roles.map((role) => ({ role, address: `${role}@example.test`, name: role })),
          zone: 'UTC',
        })
        const fold = app.judge.load('n1')
        for (const line of c.lines) {
          const parsed = fold.ruleset.parseOrders(fold.state, c.role, line)
          expect(parsed.errors.length, `${line} => ${parsed.normalised.join(' | ')}`).toBeGreaterThan(0)
        }
      })
  })
