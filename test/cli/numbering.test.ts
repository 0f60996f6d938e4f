// One numbering of resolutions for the player and the moderator: the report a player gets back by
// mailing REPORT n is the page `pbem game history --resolution n` shows for him, and the resolution
// that `pbem dice verify --resolution n` checks; n counts resolutions from 1 (0 the opening report),
// whatever the game's own turns are.
import { afterAll, describe, expect, it } from 'vitest'
import { verifyDice } from '../../src/engine/audit.ts'
import type { TurnAdjudicated } from '../../src/engine/events.ts'
import { handleInbound } from '../../src/mail/intake.ts'
import { sqliteOutbox } from '../../src/mail/outbox.ts'
import { history } from '../../src/reports/archive.ts'
import { createWeakBeginning, outboxRows, testApp } from '../helpers/app.ts'

const app = testApp('numbering')
afterAll(() => app.cleanup())

/**
 * A report's text without what differs between the letter and its copy: the key, the reply address,
 * and the line about the attached map (a copy has its pictures apart).
 */
const plain = (text: string, key: string) =>
  text
    .replace(/orders(\+\S+)?@judge\.example\.test/g, 'JUDGE')
    .replaceAll(key, '(your key)')
    .replace(/^The attached map.*\n/m, '')

describe('REPORT n and game history --resolution n', () => {
  it('name the same resolution, counted from 1, though Sea Devils takes several resolutions to a game turn', async () => {
    const { keys } = createWeakBeginning(app)
    for (let i = 0; i < 4; i++) {
      app.now.t += 3_600_000
      app.judge.adjudicate('wb1', { force: true })
    }
    const resolutions = app.store
      .read('game:wb1')
      .filter((e) => e.type === 'TurnAdjudicated')
      .map((e) => e.data as TurnAdjudicated)
    expect(resolutions.map((r) => r.point)).toEqual([1, 2, 3, 4])
    // More than one resolution to a game turn: the two numberings differ, and must not be mixed up.
    expect(new Set(resolutions.map((r) => r.turn)).size).toBeLessThan(resolutions.length)

    const deps = { judge: app.judge, db: app.db, outbox: sqliteOutbox(app.db, app.clock), clock: app.clock }
    for (const n of [1, 2, 3, 4]) {
      const raw = Buffer.from(
        [
          'From: Fed <fed@example.test>',
          'To: orders@judge.example.test',
          'Subject: again',
          `Message-ID: <report-${n}@example.test>`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          `GAME wb1 FEDERAL\r\nKEY ${keys.federal}\r\nREPORT ${n}\r\n`,
        ].join('\r\n'),
      )
      app.now.t += 60_000
      expect(await handleInbound(raw, 'test', deps)).toBe('command')
      const letter = outboxRows(app).at(-1)!.mail
      expect(letter.subject, `REPORT ${n}`).toMatch(/\(sent again\)$/)
      const page = history(app.judge, 'wb1', { kind: 'role', role: 'federal' }, { point: n })
      expect(page.map((p) => p.point)).toEqual([n])
      expect(plain(letter.text, keys.federal!), `REPORT ${n}`).toBe(plain(page[0]!.text, keys.federal!))
      const dice = verifyDice(app.judge, 'wb1', { point: n })
      expect(dice.ok).toBe(true)
      expect(dice.lines.every((l) => !/^resolution \d+ /.test(l) || l.startsWith(`resolution ${n} `))).toBe(true)
    }
  })
})
