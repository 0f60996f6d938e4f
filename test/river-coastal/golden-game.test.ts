// A golden game of River and Coastal by mail: "The Boom at Plymouth" (ruling RC-74) played from the
// players' order mails through the judge's intake to its result, on a fixed seed and server secret.
// Every mail the judge queued is kept under golden/plymouth/, one file each: its recipient, subject,
// size (text, HTML and the plot's SVG) and text part, compared byte for byte (regenerate deliberately
// with UPDATE_GOLDEN=1 and read the diff). The game also counts its mails: one opening mail per
// player, and at most two mails per player per move besides the acknowledgements of his own mails.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { riverCoastalFactory } from '../../src/games/river-coastal/index.ts'
import { withParts } from '../../src/mail/outbound.ts'
import type { Letter } from '../../src/reports/render.ts'
import { sha256Hex } from '../../src/util/canonical.ts'
import { outboxRows, testApp } from '../helpers/app.ts'
import { expectGolden } from '../helpers/golden.ts'
import { registerWhileUnshipped } from './demoRun.ts'
import { fogLeaks } from './fog.ts'
import { mailGame } from './orderMail.ts'

const GOLDEN = fileURLToPath(new URL('./golden/plymouth/', import.meta.url))
const SEED = 'rc-golden-plymouth-12'

let unregister = () => {}
beforeAll(() => {
  unregister = registerWhileUnshipped(riverCoastalFactory)
})
afterAll(() => unregister())

const PLAYERS = [
  { role: 'usa', address: 'cushing@example.test', name: 'Cushing' },
  { role: 'csa', address: 'warley@example.test', name: 'Warley' },
]

/** Each move's order mails: the launch runs at the boom and drives her spar home; the ironclad fires. */
const MOVES: { usa: string[]; csa: string[] }[] = [
  { usa: ['PICK: SPEED 4'], csa: ['ALBE: FIRE ALL AT PICK'] },
  { usa: ['PICK: SPEED 4; SPAR ALBE'], csa: ['ALBE: FIRE ALL AT PICK'] },
]

const bytes = (s: string) => Buffer.byteLength(s)

/** One queued mail as the golden keeps it: recipient, subject, sizes, and the text part. */
function goldenMail(kind: string, mail: Letter): string {
  const pictures = (mail.attachments ?? []).map(
    (a) => `${a.filename} (SVG ${bytes(a.svg ?? '')} bytes, sha256 ${sha256Hex(a.svg ?? a.content ?? '')})`,
  )
  return [
    `kind: ${kind}`,
    `to: ${mail.to}`,
    `subject: ${mail.subject}`,
    `size: text ${bytes(mail.text)} bytes, html ${bytes(mail.html ?? '')} bytes`,
    ...pictures.map((p) => `picture: ${p}`),
    '--- text ---',
    mail.text,
  ].join('\n')
}

describe('a golden game of River and Coastal by mail', () => {
  it('ruling RC-74 The Boom at Plymouth from order mails to its result: every mail the judge sent, as recorded', async () => {
    const app = testApp(SEED, { serverSecret: sha256Hex(SEED) })
    try {
      const { mail } = mailGame(app, { game: 'plym', scenario: 'plymouth-boom', players: PLAYERS, tag: 'gp' })
      // The opening: one mail per player (and the moderator's copy).
      const opening = outboxRows(app)
      for (const p of PLAYERS) expect(opening.filter((r) => r.recipient === p.address)).toHaveLength(1)
      // A first try the judge refuses by its line: the launch makes at most 6 knots.
      expect(await mail('usa', ['PICK: SPEED 12'])).toBe('orders-rejected')
      let marks = [opening.length]
      for (const orders of MOVES) {
        expect(app.judge.load('plym').finished).toBe(false)
        expect(await mail('usa', orders.usa)).toBe('orders-accepted')
        expect(await mail('csa', orders.csa)).toBe('orders-accepted')
        app.now.t += 3_600_000
        // both sides' orders are in: the move is resolved early, without the moderator
        expect(app.judge.adjudicate('plym').committed).toBe(true)
        marks = [...marks, outboxRows(app).length]
      }
      const fold = app.judge.load('plym')
      expect(fold.finished).toBe(true)
      expect(fold.ruleset.outcome(fold.state)?.summary).toBe('Objectives: USA 2 of 2, CSA 0 of 2: USA wins')
      // The mail budget: besides acknowledgements, at most two mails a player a move.
      const rows = outboxRows(app)
      for (let m = 1; m < marks.length; m++) {
        const move = rows.slice(marks[m - 1], marks[m]).filter((r) => r.kind !== 'ack')
        for (const p of PLAYERS)
          expect(move.filter((r) => r.recipient === p.address).length, `move ${m}, ${p.role}`).toBeLessThanOrEqual(2)
      }
      expect(fogLeaks(app, 'plym', ['usa', 'csa'])).toEqual([])
      expect(verifyGame(app.db, app.judge, 'plym')).toMatchObject({ ok: true, problems: [] })
      expect(verifyDice(app.judge, 'plym').ok).toBe(true)
      const files = new Map(
        rows.map((r) => [
          `${String(r.id).padStart(4, '0')}-${r.kind}-${r.recipient.split('@')[0]}.txt`,
          goldenMail(r.kind, withParts(app.db, r.mail as never) as Letter),
        ]),
      )
      expectGolden(GOLDEN, files)
    } finally {
      app.cleanup()
    }
  })
})
