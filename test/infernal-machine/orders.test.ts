import { describe, expect, it } from 'vitest'
import { parseImOrders } from '../../src/games/infernal-machine/orders.ts'
import { pack } from './helpers.ts'

describe('Infernal Machine orders (digest section 5)', () => {
  it('digest 5.3 campaign actions, one a line, in the order written', () => {
    const p = parseImOrders(
      pack,
      [
        'BUILD needle-prow section chisel-stern hatch@1 steering-link@1 propeller@2',
        'CONTRACT c2 moser',
        'INVEST 5 SOLICITOR',
        'LETTER MARQUE PAY 10',
        'MISSION TRAINING FROM wharf CREW moser@1,baird@1',
        'RECRUIT journeyman KEEP snow,connor',
        'SALVAGE KEEP hatch,propeller',
        'PASS',
      ].join('\n'),
    )
    expect(p.errors).toEqual([])
    expect(p.commands.map((c) => c.kind)).toEqual([
      'build',
      'contract',
      'invest',
      'letter',
      'mission',
      'recruit',
      'salvage',
      'pass',
    ])
    expect(p.commands[0]).toEqual({
      kind: 'build',
      tiles: ['needle-prow', 'section', 'chisel-stern'],
      parts: [
        ['hatch', 1],
        ['steering-link', 1],
        ['propeller', 2],
      ],
      sell: [],
    })
    expect(p.commands[4]).toEqual({
      kind: 'mission',
      training: true,
      launch: 'wharf',
      crew: [
        ['moser', 1],
        ['baird', 1],
      ],
    })
  })

  it('digest 5.4-5.5 standing doctrine: crew orders, route, targets, approach, tactic, response', () => {
    const p = parseImOrders(
      pack,
      'ORDERS moser=STEER doyle=MECH:ballastTank baird=LEAK\nROUTE channel@1 > wharf@0\nTARGET usa-gunboat usa-sloop\nAPPROACH best\nTACTIC DETONATE-AT CONTACT EXIT-IF-HITS 1\nRESPONSE AUTO\nFATESMILES 2\nNAVCRANK AUTO\nENDMISSION HOME',
    )
    expect(p.errors).toEqual([])
    expect(p.commands[0]).toEqual({
      kind: 'orders',
      orders: {
        moser: { kind: 'steer' },
        doyle: { kind: 'mech', mechanism: 'ballastTank' },
        baird: { kind: 'leakControl' },
      },
    })
    expect(p.commands[1]).toEqual({
      kind: 'route',
      steps: [
        { to: 'channel', elevation: 1 },
        { to: 'wharf', elevation: 0 },
      ],
    })
    expect(p.commands[4]).toEqual({ kind: 'tactic', detonateAt: 'contact', exitIfHits: 1 })
  })

  it('digest 5.4 the crew orders are CREW; ORDERS (the mail command when it opens a mail) reads as CREW later', () => {
    const p = parseImOrders(pack, 'CREW moser=STEER\nROUTE wharf\nORDERS moser=LEAK')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['CREW moser=STEER', 'ROUTE wharf', 'CREW moser=LEAK'])
    expect(p.commands.map((c) => c.kind)).toEqual(['orders', 'route', 'orders'])
    expect(parseImOrders(pack, 'CRWE moser=STEER').errors[0]).toMatchObject({
      line: 1,
      suggestion: 'did you mean CREW?',
    })
  })

  it('digest 5.6 PACE MISSION / PACE STEP and a list of halt points', () => {
    const p = parseImOrders(pack, 'PACE STEP\nHALT approach, navcrank,target\nHALT NONE')
    expect(p.commands).toEqual([
      { kind: 'pace', pace: 'step' },
      { kind: 'halt', points: ['approach', 'navcrank', 'target'] },
      { kind: 'halt', points: [] },
    ])
  })

  it('digest 5.2 errors name the line and suggest the nearest word', () => {
    const p = parseImOrders(pack, '# my orders\nBIULD section\nINVEST 7\nCONTRACT c2 mosser\nHALT approach,navcrnk')
    expect(p.errors).toEqual([
      { line: 2, text: 'BIULD section', message: 'unknown order BIULD', suggestion: 'did you mean BUILD?' },
      {
        line: 3,
        text: 'INVEST 7',
        message: 'the stake is one of 0, 2, 5, 10, 15, 20',
        suggestion: 'write INVEST <stake 0-999> [SOLICITOR]',
      },
      { line: 4, text: 'CONTRACT c2 mosser', message: 'unknown persona mosser', suggestion: 'did you mean moser?' },
      {
        line: 5,
        text: 'HALT approach,navcrnk',
        message: 'unknown halt point navcrnk',
        suggestion: 'did you mean navcrank?',
      },
    ])
  })
})
