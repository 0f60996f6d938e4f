// Numbers out of range are refused at receipt, in every game: a number past what the quantity can
// be (a tile, a speed, a stake, a price, a count of dice) never reaches the resolution. Each game's
// own cases, and a property over the fuzzed players' accepted lines (fuzz/): any number in such a
// line, made one past every range, makes the line refused.
import { afterAll, describe, expect, it } from 'vitest'
import { testApp } from '../helpers/app.ts'
import { FUZZ_GAME, playFuzzed, scenariosOf } from './fuzz/fuzzPlay.ts'

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
      it(`${c.scenario}, ${c.role}: every such line is refused at receipt, quoting the number as written`, () => {
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
          // The refusal quotes the number as the player wrote it, never as a rounded float.
          expect(JSON.stringify(parsed.errors), line).not.toMatch(/100000000000000000000|\de\+\d/)
        }
      })
  })

/** Fuzzed games a game, and resolutions each: enough accepted lines with numbers in them. */
const SEEDS = [1, 2]
const POINTS = 4

/** Each line with one of its numbers (not one inside a name, not one in a comment) made BIG. */
function withBigNumbers(line: string): string[] {
  const comment = line.search(/\s#/)
  const orders = comment < 0 ? line : line.slice(0, comment)
  return [...orders.matchAll(/(?<![\w.-])\d+(?![\w.])/g)].map(
    (m) => line.slice(0, m.index) + BIG + line.slice(m.index! + m[0].length),
  )
}

// Sea Devils' fuzzed lines hold no number of their own (areas and ships are names; its numbers are
// in POLICY conditions, the cases above).
for (const game of ['rebel-raiders', 'river-coastal', 'infernal-machine'])
  describe(`numbers out of range: ${game}, the fuzzed players' lines`, () => {
    it('any number of an accepted line, made out of range, is refused at receipt', () => {
      const accepted: string[] = []
      let tried = 0
      for (const seed of SEEDS) {
        const run = playFuzzed(game, seed, POINTS)
        apps.push(run.app)
        const ruleset = run.app.judge.load(FUZZ_GAME).ruleset
        for (const f of run.filed.filter((x) => x.accepted))
          for (const line of f.normalised) {
            // Only a line the game takes alone (not one that needs the lines beside it).
            if (ruleset.parseOrders(f.state, f.role, line).errors.length) continue
            for (const big of withBigNumbers(line)) {
              tried++
              const again = ruleset.parseOrders(f.state, f.role, big)
              if (!again.errors.length) accepted.push(`${f.role}: ${big} => ${again.normalised.join(' | ')}`)
            }
          }
      }
      expect(accepted, `${game}: accepted with a number out of range`).toEqual([])
      expect(tried, 'lines with numbers tried').toBeGreaterThan(0)
    }, 120_000)
  })
