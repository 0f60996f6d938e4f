import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import {
  combineSalts,
  commitmentOf,
  deriveRoll,
  FixedDice,
  RecordingDice,
  rollMessage,
  verifyRolls,
} from '../../src/engine/dice.ts'
import { createFixtureDuel, testApp } from '../helpers/app.ts'

const SECRET = '11'.repeat(32)

describe('verifiable dice', () => {
  it('derives the same faces from the same secret and message, always within 1..sides', () => {
    const a = new RecordingDice(SECRET, 'g', 3, 'salt')
    const b = new RecordingDice(SECRET, 'g', 3, 'salt')
    const faces = Array.from({ length: 200 }, (_, i) => a.roll(`r${i}`, 6, { kind: 'public' }))
    expect(Array.from({ length: 200 }, (_, i) => b.roll(`r${i}`, 6, { kind: 'public' }))).toEqual(faces)
    expect(faces.every((f) => f >= 1 && f <= 6)).toBe(true)
    expect(new Set(faces).size).toBe(6)
  })

  it('is pinned by a known vector (the README and tools/verify_dice.py use the same algorithm)', () => {
    const msg = rollMessage('wb-demo', 1, 0, 'blockade out SUM at C15', '')
    expect(msg).toBe('wb-demo|1|0|blockade out SUM at C15|')
    expect([1, 2, 3, 4, 5].map((i) => deriveRoll(SECRET, rollMessage('g', 1, i, 'x', ''), 6))).toEqual([3, 5, 1, 3, 2])
    expect(commitmentOf(SECRET)).toBe('02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc')
  })

  it('rejection sampling never maps a word at or above the largest multiple of the die size', () => {
    // With 2^32 words and a d6, 4 words (2^32 mod 6) must be rejected; a d7 leaves 4 too.
    expect(2 ** 32 - Math.floor(2 ** 32 / 6) * 6).toBe(4)
    for (const sides of [2, 3, 6, 7, 10, 20, 100]) {
      const counts = new Array(sides).fill(0)
      for (let i = 0; i < 3000; i++) counts[deriveRoll(SECRET, `m${i}`, sides) - 1]++
      for (const c of counts) expect(c).toBeGreaterThan(3000 / sides / 2)
    }
  })

  it('salts change the rolls and combine in any order', () => {
    expect(combineSalts(['b', 'a'])).toBe(combineSalts(['a', 'b']))
    const plain = Array.from({ length: 20 }, (_, i) => deriveRoll(SECRET, rollMessage('g', 1, i, 'x', ''), 6))
    const salted = Array.from({ length: 20 }, (_, i) => deriveRoll(SECRET, rollMessage('g', 1, i, 'x', 'pepper'), 6))
    expect(salted).not.toEqual(plain)
  })

  it('verification names a tampered roll and a secret that does not match its commitment', () => {
    const d = new RecordingDice(SECRET, 'g', 2, '')
    d.roll('a', 6, { kind: 'public' })
    d.roll('b', 6, { kind: 'public' })
    expect(verifyRolls(SECRET, commitmentOf(SECRET), 'g', 2, '', d.rolls)).toBeNull()
    const forged = d.rolls.map((r) => (r.index === 1 ? { ...r, value: (r.value % 6) + 1 } : r))
    expect(verifyRolls(SECRET, commitmentOf(SECRET), 'g', 2, '', forged)).toMatch(/roll 1 \(b, d6\) recorded/)
    expect(verifyRolls(SECRET, '0'.repeat(64), 'g', 2, '', d.rolls)).toMatch(/does not match the published commitment/)
  })

  it('FixedDice refuses a face that is not on the die', () => {
    expect(() => new FixedDice([7]).roll('x', 6, { kind: 'public' })).toThrow(/not a d6 face/)
  })

  // SQLite only: the independent verifier, tools/verify_dice.py, reads a judge.sqlite file
  // with Python's sqlite3. On PostgreSQL the judge's own verifyDice checks the rolls (test/engine/
  // hidden-draws and test/schedule/campaign, on both engines).
  it('an independent Python verifier recomputes every roll of a finished game from the log', () => {
    // The fixture duel played to its end: public omens and each seat's hidden cuts.
    const app = testApp('dice-verifier')
    try {
      createFixtureDuel(app)
      for (const [north, south] of [
        ['DRAW 2', 'DRAW 1'],
        ['DRAW 1', 'DRAW 3'],
        ['DRAW 3', 'DRAW 2'],
      ]) {
        app.judge.submitOrders('fd1', 'north', north!)
        app.judge.submitOrders('fd1', 'south', south!)
        app.judge.adjudicate('fd1')
      }
      expect(app.judge.load('fd1').finished).toBe(true)
      const file = join(app.dirs.data, 'judge.sqlite')
      const out = execFileSync('python3', ['tools/verify_dice.py', file, 'fd1'], { encoding: 'utf8' })
      expect(out).toMatch(/^\d+ rolls checked in 3 resolutions, 0 mismatches/m)
      // The game is over, so its hidden draws are checked too, from the revealed hidden-draw secret.
      const db = new Database(file, { readonly: true })
      const results = db
        .prepare("SELECT data FROM events WHERE type = 'TurnAdjudicated'")
        .all()
        .map((row) => JSON.parse((row as { data: string }).data) as { rolls: unknown[]; hiddenRolls?: unknown[] })
      db.close()
      const hidden = results.reduce((n, t) => n + (t.hiddenRolls?.length ?? 0), 0)
      expect(hidden).toBeGreaterThan(0)
      expect(Number(/^(\d+) rolls checked/m.exec(out)![1])).toBe(
        results.reduce((n, t) => n + t.rolls.length, 0) + hidden,
      )
      expect(out).not.toMatch(/sealed/)
    } finally {
      app.cleanup()
    }
  })
})
