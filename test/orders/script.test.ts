import { describe, expect, it } from 'vitest'
import { closest, nearestCodes, readScript } from '../../src/orders/script.ts'

describe('the order-script reader', () => {
  it('reads the envelope, KEY and SALT, numbers lines as sent, and drops comments and blank lines', () => {
    const s = readScript(
      'GAME wb1 Confederate\r\nKEY abc123\nsalt  two words\n\n# a comment\nSUM: MOVE C11   # trailing comment\n',
    )
    expect(s.envelope).toEqual({ game: 'wb1', role: 'confederate', key: 'abc123', salt: 'two words', envelopeLine: 1 })
    expect(s.lines).toEqual([{ line: 6, text: 'SUM: MOVE C11', words: ['SUM:', 'MOVE', 'C11'] }])
  })

  it('ignores quoted lines and stops at a signature, a reply header, a phone tagline or END', () => {
    for (const stop of [
      '-- ',
      '--',
      'On Mon, 2 Mar 2026 at 10:00, Sea judge <orders@x> wrote:',
      '-----Original Message-----',
      'Sent from my iPhone',
      'END',
    ]) {
      const s = readScript(`SUM: STAY\n> SUM: MOVE C11\n${stop}\nSUM: RAID`)
      expect(
        s.lines.map((l) => l.text),
        stop,
      ).toEqual(['SUM: STAY'])
      expect(s.ignoredFrom).toBe(3)
    }
  })

  it('suggests the closest names and the nearest map codes', () => {
    expect(closest('SUMM', ['SUM', 'NASH', 'ALA'])).toEqual(['SUM'])
    expect(closest('KEARSAGE', ['KEAR', 'KEARSARGE', 'TUSC'])[0]).toBe('KEARSARGE')
    expect(closest('QQQQQQ', ['SUM'])).toEqual([])
    expect(nearestCodes('C81', ['C9', 'C80', 'C86', 'D81', 'C70'])).toEqual(['C80', 'C86', 'C70'])
  })
})
