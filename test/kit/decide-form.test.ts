// DECIDE lines read by their declared form (and by the mail layer through it): the id as written, the answer's words, the rest of the
// message left as orders with its line numbers; and the echo of an accepted answer reads back to it.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { echoDecide, readDecide } from '../../src/games/kit/decideForm.ts'
import { answerLines, messageAnswers } from '../../src/mail/answerLines.ts'
import { helpText } from '../../src/mail/commands.ts'

describe('DECIDE lines', () => {
  it('keeps the decision id as written and the answer with its commas', () => {
    expect(answerLines('decide r1-Stake  stake   3\nDECIDE X9 1,3')).toEqual({
      answers: [
        { decisionId: 'r1-Stake', answer: 'stake 3' },
        { decisionId: 'X9', answer: '1,3' },
      ],
      orders: null,
    })
  })

  it('reads a line with no id or no answer, for the judge to refuse with the pending ids', () => {
    expect(answerLines('DECIDE\nDECIDE R1-STAKE').answers).toEqual([
      { decisionId: '', answer: '' },
      { decisionId: 'R1-STAKE', answer: '' },
    ])
  })

  it('leaves the orders with their line numbers, the answer lines blanked', () => {
    expect(answerLines('DRAW 3\nDECIDE R1-STAKE STAKE 2 (as asked)\nPASS')).toEqual({
      answers: [{ decisionId: 'R1-STAKE', answer: 'STAKE 2' }],
      orders: 'DRAW 3\n\nPASS',
    })
    expect(answerLines('DRAW 3\nDECIDED to wait')).toEqual({ answers: [], orders: null })
  })

  it('reads answers only in a message led by DECIDE or by no mail command', () => {
    expect(messageAnswers('STATUS\nDECIDE X1 YES', 'STATUS')).toBeNull()
    expect(messageAnswers('DECIDE X1 YES', 'DECIDE')?.answers).toEqual([{ decisionId: 'X1', answer: 'YES' }])
    expect(messageAnswers('DRAW 1\nDECIDE X1 YES', null)?.orders).toBe('DRAW 1\n')
  })

  it("writes the judge's HELP line from the declaration", () => {
    expect(helpText()).toMatch(/^ {2}DECIDE <id> <answer> +answer a question the judge put to you/m)
  })

  it('writes a bracket back with its spaces, since brackets are no signs of the DECIDE line', () => {
    for (const line of ['DECIDE ( A', 'DECIDE X1 (', 'DECIDE X1 ( 2 )']) {
      const read = readDecide(line)
      expect(readDecide(echoDecide(read!))).toEqual(read)
    }
  })

  // Ids as the games issue them and answers' words, none led by a comma, colon or semicolon (the echo
  // writes those against the word before, as it writes every grammar's signs).
  it('echoes an accepted answer as a line that reads back to the same answer', () => {
    const word = fc.stringMatching(/^[!-+\--9<-~][!-~]{0,11}$/)
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 4 }), fc.constantFrom(' ', '  ', '\t'), (id, words, gap) => {
        const read = readDecide(['DECIDE', id, ...words].join(gap))
        expect(read).not.toBeNull()
        const line = echoDecide(read!)
        expect(readDecide(line)).toEqual(read)
        expect(echoDecide(readDecide(line)!)).toBe(line)
      }),
    )
  })
})
