// The land war's lasting generals (PB 23): #79 Longstreet and #34 Loose the Fateful Lightning. Each
// test names the card and the rule or ruling it checks.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
import type { RrState } from '../../src/games/rebel-raiders/state.ts'
import { errors, position, rs } from './moreCards.ts'

describe('#79 Longstreet and #34 Loose the Fateful Lightning (PB 23, RB 11.6, 11.9)', () => {
  /** A Union land assault on Augusta from Savannah in the Union move of `turn`. */
  const augusta = (s: RrState, extra = '') => {
    s.control.SAVA = 'USA'
    return given(rs, s)
      .orders('union', `ASSAULT AUGU FROM SAVA${extra}`)
      .dice([{ label: /assault on AUGU: Union die/, values: 6 }])
      .resolve()
  }
  const csaDice = (labels: string[]) => labels.filter((l) => /assault on AUGU: Confederate die/.test(l)).length

  it('#79 standing as REACT 79 AT <space>: at the start of the assault there he adds a Confederate die and his card stays face up', () => {
    const without = augusta(position('union-move', 4, { CSA: [79] }))
    const s = position('union-move', 4, { CSA: [79] })
    s.reactions.CSA = [{ card: 79, at: 'AUGU' }]
    const run = augusta(s)
    expect(csaDice(run.labels)).toBe(csaDice(without.labels) + 1)
    expect(run.state.cards.CSA.inPlay).toEqual([79])
    expect(run.state.thisTurn).toContain('longstreet:AUGU')
    expect(run.texts('#79')[0]).toMatch(/^Longstreet defends Augusta: one Confederate die more/)
    expect(rs.parseOrders(position('csa-move', 4, { CSA: [79] }), 'confederate', 'PLAY 79').errors[0]!.message).toMatch(
      /write REACT 79/,
    )
  })

  it('#79 face up (ruling RR-K13): each turn he fights at his first land combat, or only where a standing REACT 79 AT <space> sends him', () => {
    const base = augusta(position('union-move', 4, {}))
    const face = augusta(position('union-move', 4, {}, { CSA: [79] }))
    expect(csaDice(face.labels)).toBe(csaDice(base.labels) + 1)
    const elsewhere = position('union-move', 4, {}, { CSA: [79] })
    elsewhere.reactions.CSA = [{ card: 79, at: 'RICH' }]
    expect(csaDice(augusta(elsewhere).labels)).toBe(csaDice(base.labels))
    const marked = position('union-move', 4, {}, { CSA: [79] })
    marked.thisTurn = ['longstreet:NASH']
    expect(csaDice(augusta(marked).labels)).toBe(csaDice(base.labels))
  })

  it('#79 in one counterattack a turn (11.9): a die more, and his marker moves to the space he attacks', () => {
    const s = position('csa-move', 4, {}, { CSA: [79] })
    s.thisTurn = ['longstreet:AUGU']
    s.control.NASH = 'USA'
    s.csaPawns = 1
    const run = given(rs, s).orders('confederate', 'COUNTERATTACK NASH FROM MEMP').resolve()
    expect(run.labels.filter((l) => /counterattack on NASH: Confederate die/.test(l))).toHaveLength(3)
    expect(run.state.thisTurn).toEqual(['longstreet:NASH', 'longstreet:counterattack'])
  })

  it('#34 (ruling RR-K14): laid face up at the start of a Union move in 1864, one river or land assault a turn needs no pawn', () => {
    const s = position('union-move', 10, { USA: [34] })
    s.unionPawns = 0
    s.control.SAVA = 'USA'
    expect(errors(s, 'union', 'ASSAULT AUGU FROM SAVA')[0]).toMatch(/^no pawn for this assault/)
    expect(errors(s, 'union', 'PLAY 34\nASSAULT AUGU FROM SAVA')).toEqual([])
    expect(errors(s, 'union', 'PLAY 34\nASSAULT AUGU FROM SAVA\nASSAULT AUGU FROM SAVA')[0]).toMatch(/^no pawn/)
    const run = augusta(s, '\nPLAY 34')
    expect(run.state.cards.USA.inPlay).toEqual([34])
    expect(run.state.thisTurn).toContain('used:34')
    expect(run.texts('#34')).toContain('Loose the Fateful Lightning: the assault on Augusta needs no cannon pawn.')
    expect(run.labels.some((l) => /assault on AUGU: Union die/.test(l))).toBe(true)
    const later = position('union-move', 10, {}, { USA: [34] })
    later.unionPawns = 0
    later.control.SAVA = 'USA'
    expect(errors(later, 'union', 'ASSAULT AUGU FROM SAVA')).toEqual([])
  })
})
