// Above the Bluffs with two captains a side (rulings RC-91 to RC-94), played to its end
// from order mails dropped in the judge's inbox folder and read by the real intake, one resolution
// at a time as `pbem demo` plays (demoRun.ts): each captain writes for his own ships, a line for a
// colleague's ship is refused by its number, and no letter or export shows one side the other's
// secrets, nor a ship out of its sight.
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readInbox } from '../../src/cli/app.ts'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import type { RiverState } from '../../src/games/river-coastal/state.ts'
import { outboxRows, type TestApp, testApp } from '../helpers/app.ts'
import { exportLeaks } from '../helpers/readerExport.ts'
import { fogLeaks, hiddenShipsShown, reportsAt } from './fog.ts'

const GAME = 'atb-captains'
const CAPTAINS = [
  { role: 'usawest', address: 'walke@example.test', name: 'Henry Walke' },
  { role: 'usaeast', address: 'kilty@example.test', name: 'Augustus Kilty' },
  { role: 'csaflag', address: 'brown@example.test', name: 'Isaac Brown' },
  { role: 'csarams', address: 'warley@example.test', name: 'Alexander Warley' },
]
const ROLES = CAPTAINS.map((c) => c.role)

/** Drops one order mail per captain into the inbox, as his mail program would send it, and reads them in. */
async function drop(app: TestApp, keys: Record<string, string>, mails: Record<string, string[]>): Promise<string[]> {
  const written = new Date(Date.now() - 60_000)
  for (const [role, lines] of Object.entries(mails)) {
    const from = CAPTAINS.find((c) => c.role === role)!
    const n = outboxRows(app).length
    const file = join(app.dirs.inbox, `${role}-${n}.eml`)
    writeFileSync(
      file,
      [
        `From: ${from.name} <${from.address}>`,
        `To: orders+${GAME}.${role}.${keys[role]}@judge.example.test`,
        `Subject: Orders ${GAME} ${role}`,
        'Date: Mon, 02 Mar 2026 12:00:00 +0000',
        `Message-ID: <${role}-${n}@example.test>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `GAME ${GAME} ${role}`,
        ...lines,
        '',
      ].join('\r\n'),
    )
    utimesSync(file, written, written)
  }
  return (await readInbox(app, { imap: false })).map(String)
}

/** Each captain's move: every ship of his afloat fires at the nearest enemy; her helm is her directive's. */
function fireLines(app: TestApp, role: string): string[] {
  const s = app.judge.load(GAME).state as RiverState
  const mine = s.captains!.find((c) => c.role === role)!.ships
  return mine
    .filter((id) => s.ships[id]!.status === 'afloat' && !(id in s.exited))
    .map((id) => `${id}: FIRE ALL AT NEAREST`)
}

const ackTo = (app: TestApp, address: string) =>
  outboxRows(app)
    .filter((r) => r.recipient === address)
    .at(-1)!.mail.text

describe('River & Coastal by mail: Above the Bluffs with two captains a side', () => {
  it('is played to a result from the captains order mails through the drop folder, with no fog leak', async () => {
    const app = testApp('rc-captains-mail')
    try {
      const { keys } = app.judge.createGame({
        game: GAME,
        ruleset: 'river-coastal',
        scenario: 'above-the-bluffs',
        players: CAPTAINS,
        options: { captains: '2' },
        zone: 'UTC',
      })
      // Hidden deployment: each Confederate captain places his own ships; one who places his
      // colleague's flagship is refused by the line's number, with whose ship she is (ruling RC-92).
      expect(await drop(app, keys, { csarams: ['MANS: AT 14,64 HEADING 180', 'ARKS: AT 24,66 HEADING 180'] })).toEqual([
        'orders-rejected',
      ])
      expect(ackTo(app, 'warley@example.test')).toContain(
        `line 3: "ARKS: AT 24,66 HEADING 180": ARKS is CSS Arkansas of csaflag's command (the flagship): you order MANS, MORE (ruling RC-92)`,
      )
      expect(
        await drop(app, keys, {
          csaflag: ['ARKS: AT 24,66 HEADING 180'],
          csarams: ['MANS: AT 14,64 HEADING 180', 'MORE: AT 36,64 HEADING 180'],
        }),
      ).toEqual(['orders-accepted', 'orders-accepted'])
      app.now.t += 3_600_000
      expect(app.judge.adjudicate(GAME).committed).toBe(true)

      // Move 1: the senior Union captain sets both columns' course and the junior his own; a junior
      // captain's FLEET SIGNAL is refused, then his corrected mail taken.
      expect(await drop(app, keys, { usaeast: ['MOUN: FIRE ALL AT NEAREST', 'FLEET SIGNAL CINC HOLD'] })).toEqual([
        'orders-rejected',
      ])
      expect(ackTo(app, 'kilty@example.test')).toContain(
        "FLEET SIGNAL: the fleet commander's lines are written by the senior captain, usawest (ruling RC-93)",
      )
      const move1: Record<string, string[]> = {
        usawest: ['DIRECTIVE CARO STEAM-TO 20,71', ...fireLines(app, 'usawest')],
        usaeast: ['DIRECTIVE MOUN STEAM-TO 32,71', ...fireLines(app, 'usaeast')],
        csaflag: fireLines(app, 'csaflag'),
        csarams: ['DECIDE RADIUS-MORE 9', ...fireLines(app, 'csarams')],
      }
      // Governor Moore's radius (a side-wheeler, §7 L479) is asked of her own captain (ruling RC-93),
      // who answers it in his move-1 mail.
      const asked = app.judge.load(GAME).ruleset.awaiting(app.judge.load(GAME).state)
      expect(asked.filter((a) => a.kind === 'decision').map((a) => a.role)).toEqual(['csarams'])
      expect(await drop(app, keys, move1)).toEqual(Array(4).fill('orders-accepted'))
      app.now.t += 3_600_000
      expect(app.judge.adjudicate(GAME).committed).toBe(true)
      const told = app.judge.load(GAME).adjudications.at(-1)!.data.narrative
      expect(told.find((n) => n.text === 'CSS Governor Moore turns on a 9" radius')?.audience).toEqual({
        kind: 'roles',
        roles: ['csaflag', 'csarams'],
      })

      // Then every captain still afloat mails his fire orders each move until the battle ends.
      for (let point = 3; point <= 20 && !app.judge.load(GAME).finished; point++) {
        const fold = app.judge.load(GAME)
        const writing = fold.ruleset.awaiting(fold.state).flatMap((a) => (a.kind === 'orders' ? [a.role] : []))
        const mails = Object.fromEntries(writing.map((role) => [role, fireLines(app, role)]))
        expect(await drop(app, keys, mails)).toEqual(writing.map(() => 'orders-accepted'))
        app.now.t += 3_600_000
        expect(app.judge.adjudicate(GAME).committed).toBe(true)
      }
      const fold = app.judge.load(GAME)
      expect(fold.finished).toBe(true)
      const outcome = fold.ruleset.outcome(fold.state)!
      expect(outcome.summary).toMatch(/^Objectives: USA \d of 2, CSA \d of 2/)
      // Ruling RC-94: a side's win is its captains'; the contract's one winner is its first captain.
      if (outcome.winner) {
        const side = outcome.details!.winningSide as string
        expect(outcome.winner).toBe(side === 'usa' ? 'usawest' : 'csaflag')
        expect(outcome.details!.winners).toBe(side === 'usa' ? 'usawest usaeast' : 'csaflag csarams')
        expect(outcome.summary).toContain(`${side.toUpperCase()} wins`)
      } else expect(outcome.summary).toMatch(/a draw/)

      // Each captain's report: his own ships to order, his colleague's as friends, the side's secrets.
      const reports = reportsAt(app, GAME, 2)
      expect(reports.usaeast!.text).toMatch(/YOUR SHIPS\n {2}MOUN USS Mound City[\s\S]*\n {2}STLO USS St Louis/)
      expect(reports.usaeast!.text).toMatch(
        /YOUR COLLEAGUES' SHIPS \(friends, not yours to order\)\n {2}CARO USS Carondelet \(.*\), usawest: /,
      )
      expect(reports.usaeast!.text).toContain('MOUN: SPEED')
      expect(reports.usaeast!.text).not.toContain('CARO: SPEED')
      expect(reports.usawest!.text).toContain('CARO: SPEED')
      expect(reports.usawest!.text).toContain('You are the senior captain')
      const deployed = reportsAt(app, GAME, 1)
      for (const role of ['csaflag', 'csarams']) expect(deployed[role]!.text).toContain('Deployed: ')
      for (const role of ['usawest', 'usaeast']) expect(deployed[role]!.text).not.toContain('Deployed: ')
      // The log re-folds to the recorded states (the captains come back from the option) and the dice reproduce.
      expect(verifyGame(app.db, app.judge, GAME)).toMatchObject({ ok: true, problems: [] })
      expect(verifyDice(app.judge, GAME).ok).toBe(true)
      expect(fogLeaks(app, GAME, ROLES)).toEqual([])
      // Each captain's whole export: no key, no judge's hash, no other captain's decisions.
      for (const role of ROLES) expect(exportLeaks(app, GAME, { kind: 'role', role }), role).toEqual([])
      expect(hiddenShipsShown(app, GAME, ROLES)).toEqual([])
    } finally {
      app.cleanup()
    }
  }, 300_000)
})
