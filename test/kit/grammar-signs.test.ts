// The kit grammar's signs of several characters and its bracketed parts, on a small grammar of its
// own (not one game's): `>=` is one sign, brackets are read as signs and written back tight.
import { describe, expect, it } from 'vitest'
import { echo, type Grammar, helpLines, listVocabulary, parseLine, tokenize } from '../../src/games/kit/grammar.ts'

const VOCABS = { unit: listVocabulary(['A-1', 'A-2', 'B-1'].map((id) => ({ id }))) }

const GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  signs: [',', '>=', '>', '(', ')'],
  forms: [
    {
      name: 'leave',
      words: ['LEAVE'],
      parts: [
        { kind: 'literal', word: '(' },
        {
          kind: 'repeat',
          name: 'units',
          items: [{ kind: 'id', name: 'unit', vocab: 'unit' }],
          min: 1,
          sep: ',',
          label: 'a unit',
        },
        { kind: 'literal', word: ')' },
      ],
      summary: 'units left behind',
      example: 'LEAVE(A-1,B-1)',
    },
    {
      name: 'when',
      words: ['WHEN'],
      parts: [
        { kind: 'literal', word: '>=' },
        { kind: 'int', name: 'n', min: 1, max: 9 },
      ],
      summary: 'a threshold',
      example: 'WHEN >= 2',
    },
  ],
}

describe('kit grammar: signs of several characters and brackets', () => {
  it('a sign of two characters is one token, matched before the one-character sign it starts with', () => {
    expect(tokenize('N>=2 > M', GRAMMAR.signs).map((t) => [t.text, t.sign])).toEqual([
      ['N', false],
      ['>=', true],
      ['2', false],
      ['>', true],
      ['M', false],
    ])
  })

  it('a bracketed list is read with or without spaces (not taken for a closing note), and written back tight', () => {
    for (const line of ['LEAVE(A-1,B-1)', 'leave ( a-1 , b-1 )', 'LEAVE (A-1, B-1)']) {
      const read = parseLine(GRAMMAR, VOCABS, line)
      expect(read, line).toEqual({ ok: true, order: { form: 'leave', args: { units: ['A-1', 'B-1'] } } })
      if (read.ok) expect(echo(GRAMMAR, read.order)).toBe('LEAVE(A-1,B-1)')
    }
  })

  it('a two-character sign is read whether or not spaces stand around it, and echoed with spaces', () => {
    for (const line of ['WHEN>=3', 'WHEN >= 3']) {
      const read = parseLine(GRAMMAR, VOCABS, line)
      expect(read, line).toEqual({ ok: true, order: { form: 'when', args: { n: 3 } } })
      if (read.ok) expect(echo(GRAMMAR, read.order)).toBe('WHEN >= 3')
    }
  })

  it('an unknown name inside the brackets is refused with the nearest', () => {
    expect(parseLine(GRAMMAR, VOCABS, 'LEAVE(A-1,A-3)')).toEqual({
      ok: false,
      error: { message: 'unknown unit A-3', suggestion: 'did you mean A-1 or A-2?' },
    })
  })

  it('of forms led by their first part, the one that read furthest into a refused line says why', () => {
    const led: Grammar = {
      noun: 'step',
      nouns: 'steps',
      forms: [
        { name: 'go', words: [], parts: [{ kind: 'id', name: 'unit', vocab: 'unit' }], summary: 'go', example: 'A-1' },
        {
          name: 'wait',
          words: [],
          parts: [
            { kind: 'enum', name: 'wait', words: ['WAIT'] },
            { kind: 'optional', parts: [{ kind: 'int', name: 'turns', min: 1, max: 3, label: 'the turns' }] },
          ],
          summary: 'wait',
          example: 'WAIT 2',
        },
      ],
    }
    expect(parseLine(led, VOCABS, 'WAIT 7')).toEqual({
      ok: false,
      error: { message: 'the turns is a whole number from 1 to 3, not 7' },
    })
    expect(parseLine(led, VOCABS, 'A-3')).toMatchObject({ ok: false, error: { message: 'unknown unit A-3' } })
  })

  it('HELP writes nested orders separated by a sign other than a comma as the echo does, spaced', () => {
    const path: Grammar = {
      noun: 'order',
      nouns: 'orders',
      signs: GRAMMAR.signs,
      forms: [
        {
          name: 'route',
          words: ['ROUTE'],
          parts: [{ kind: 'forms', name: 'legs', forms: GRAMMAR.forms, noun: 'leg', nouns: 'legs', sep: '>' }],
          summary: 'legs in turn',
          example: 'ROUTE WHEN >= 2 > WHEN >= 3',
        },
      ],
    }
    expect(helpLines(path)[0]).toMatch(/^ {2}ROUTE <leg> > <leg> > \.\.\. +legs in turn$/)
    const read = parseLine(path, VOCABS, 'ROUTE WHEN >= 2 > LEAVE(A-1)')
    expect(read.ok && echo(path, read.order)).toBe('ROUTE WHEN >= 2 > LEAVE(A-1)')
  })
})
