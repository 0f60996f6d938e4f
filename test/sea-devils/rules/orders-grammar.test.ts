// The order grammar (digest 4) and the standing orders (digest 5): names, areas, mail noise,
// phase checks, policies and the ASK decisions they raise.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  T,
  clearFederals,
  dieWhere,
  escapes,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  resolve,
  searchSpots,
  shipDef,
  winningFight,
  alaMeetsDaco,
} from './helpers.ts'

describe('order grammar', () => {
  it('4.3: an unknown ship name gets the closest names suggested', () => {
    const s = fresh()
    const c = parse(s, 'confederate', 'SUMTR: MOVE C11')
    expect(c.errors).toEqual([
      {
        line: 1,
        text: 'SUMTR: MOVE C11',
        message: 'unknown Confederate ship "SUMTR"',
        suggestion: 'did you mean SUM or SUMTER?',
      },
    ])
    const f = parse(s, 'federal', 'MOVE KEARSAGE C10')
    expect(f.errors[0]!.message).toBe('unknown Federal ship "KEARSAGE"')
    expect(f.errors[0]!.suggestion).toBe('did you mean KEARSARGE or KEAR?')
  })

  it('4.3: aliases and full names are accepted, case-insensitively', () => {
    const s = fresh()
    const p = parse(s, 'confederate', 'sumter: run-out\nCSS Sumter: move c11')
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['SUM: RUN-OUT, MOVE C11'])
    expect(parse(s, 'federal', 'MOVE k-stat C13\nmove Powh C14').errors).toEqual([])
  })

  it('4.3: a ship of the other side is named as such', () => {
    const s = fresh()
    expect(parse(s, 'confederate', 'POWH: MOVE C13').errors[0]!.message).toBe('POWH is a Federal ship')
    expect(parse(s, 'federal', 'MOVE SUM C11').errors[0]!.message).toBe('SUM is a Confederate ship')
  })

  it('4.22: an unknown area code such as C81 gets the nearest codes', () => {
    const s = fresh()
    const p = parse(s, 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C81')
    expect(p.errors).toEqual([
      { line: 2, text: 'SUM: MOVE C81', message: 'unknown area C81', suggestion: 'nearest known codes: C86, C70, C69' },
    ])
    expect(parse(s, 'federal', 'MOVE POWH C81').errors[0]!.suggestion).toBe('nearest known codes: C86, C70, C69')
  })

  it('4.31: an unknown activity gets the nearest verb', () => {
    const s = fresh()
    expect(parse(s, 'confederate', 'SUM: RAIDE').errors[0]).toMatchObject({
      message: 'unknown activity RAIDE',
      suggestion: 'did you mean RAID?',
    })
  })

  it('4.3: comments, quoted reply lines and the signature are ignored', () => {
    const s = fresh()
    const text = [
      '# my orders for GT1',
      'SUM: RUN-OUT   # out of New Orleans',
      '> SUM: MOVE C99 (quoted from the last mail)',
      '',
      'SUM: MOVE C11 +RAID',
      '-- ',
      'Raphael',
      'SUM: MOVE C12',
    ].join('\n')
    const p = parse(s, 'confederate', text)
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual(['SUM: RUN-OUT, MOVE C11, RAID'])
    const quoted = parse(s, 'confederate', 'SUM: STAY\n\nOn Mon, 1 Jul 1861 the Judge wrote:\nSUM: MOVE C99')
    expect(quoted.errors).toEqual([])
    expect(quoted.normalised).toEqual(['SUM: STAY'])
  })

  it('4.3: MOVE with several areas and +RAID expands to the single steps', () => {
    const s = fresh()
    const p = parse(s, 'confederate', 'SUM: RUN-OUT\nSUM: MOVE C11 +RAID C10 +RAID')
    expect(p.normalised).toEqual(['SUM: RUN-OUT, MOVE C11, RAID, MOVE C10, RAID'])
    expect(p.warnings.some((w) => w.message === `SUM 5/${shipDef('SUM').ma} MP planned`)).toBe(true)
  })

  it('4.52: a Federal STACK needs two different ships; one named twice is one ship', () => {
    const s = fresh()
    expect(parse(s, 'federal', 'STACK PENG,PENG').errors[0]!.message).toBe('a squadron needs at least two ships (4.52)')
    expect(parse(s, 'federal', 'STACK PENG, POWH').normalised).toEqual([
      'STACK PENG,POWH (a squadron if they end Phase 3 in one area)',
    ])
  })

  it('13.14: no Federal DEPLOY during GT1 of Weak Beginning (the placement is fixed)', () => {
    const s = fresh()
    const p = parse(s, 'federal', 'DEPLOY DACO\nMOVE POWH C13')
    expect(p.errors).toEqual([
      {
        line: 1,
        text: 'DEPLOY DACO',
        message: "GT1: the scenario fixes this turn's placement (13.14); send movement only",
      },
    ])
    expect(parse(s, 'federal', 'EUROPE-BLOCKADE POWH IN C2').errors[0]!.message).toBe(
      'GT1: no Confederate ship began this turn in Europe',
    )
  })

  it('10.4: only deployed ships move; an AP ship cannot be moved without DEPLOY', () => {
    const s = fresh()
    s.stage = 'federal-orders'
    s.deployTrack.S = 1
    const p = parse(s, 'federal', 'MOVE DACO C13')
    expect(p.errors[0]).toMatchObject({
      message: 'DACO is not deployed this turn; only deployed ships move (10.4)',
      suggestion: 'add DEPLOY DACO above',
    })
    // Deployed from the AP it starts its path in C9 (10.43).
    expect(parse(s, 'federal', 'DEPLOY DACO\nMOVE DACO C13').errors).toEqual([])
    expect(parse(s, 'federal', 'DEPLOY DACO\nMOVE DACO C11').errors[0]!.message).toBe('C11 is not next to C9')
  })

  it('3.0: the Confederate record is refused while the Federal placement is still open', () => {
    const s = fresh()
    s.stage = 'federal-orders'
    expect(parse(s, 'confederate', 'SUM: STAY').errors[0]!.message).toContain('the Federal placement is not yet fixed')
    s.stage = 'confederate-orders'
    expect(parse(s, 'federal', 'MOVE POWH C13').errors[0]!.message).toContain(
      'your deployment and movement are on file',
    )
  })

  it('8.22 / 11.31: REPAIR and REFIT take the whole turn and go with nothing else', () => {
    const s = fresh()
    expect(parse(s, 'confederate', 'SUM: REFIT\nSUM: RUN-OUT').errors[0]!.message).toBe(
      'REPAIR and REFIT take the whole turn in port: no other activity may go with them (8.22, 11.31)',
    )
    expect(parse(s, 'confederate', 'SUM: REPAIR\nSUM: REFIT').errors).toEqual([])
  })

  it('digest 5.2: a policy with an answer the event does not allow is rejected', () => {
    const s = fresh()
    expect(parse(s, 'confederate', 'POLICY SUM ON SPOTTED: SURRENDER').errors[0]!.message).toBe(
      'SURRENDER is not an answer to SPOTTED; use FIGHT, ESCAPE, PORT, ASK',
    )
    expect(parse(s, 'confederate', 'POLICY SUM ON SPOTTED: ESCAPE IF speed >> 2').errors[0]!.message).toMatch(
      /^cannot read the condition/,
    )
    expect(parse(s, 'federal', 'POLICY ALL ON ESCAPE-ATTEMPT: LETGO IF foe.gun >= 5; CONTEST').errors).toEqual([])
  })
})

describe('standing orders (digest 5)', () => {
  const spot = () => dieWhere((d) => searchSpots(T, d, 1))
  const diff = shipDef('ALA').ma - shipDef('DACO').ma
  const fight = () => winningFight(shipDef('ALA').gun, shipDef('DACO').def, shipDef('DACO').gun, shipDef('ALA').def)

  it('6.13 / digest 5.4: ASK raises a decision with the options and the default; the default is applied', () => {
    const r = resolve(alaMeetsDaco(), {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ASK; FIGHT',
      dice: [spot(), ...fight(), FWDT],
    })
    expect(r.step.decisions).toHaveLength(1)
    const d = r.step.decisions[0]!
    expect(d).toMatchObject({
      decisionId: 'GT1-D1',
      role: 'confederate',
      defaultOption: 'FIGHT',
      applied: 'FIGHT',
      byDefault: true,
    })
    expect(d.options.map((o) => o.id)).toEqual(['FIGHT', 'ESCAPE', 'PORT'])
    expect(d.question).toBe('ALA is spotted in C11 by DACO: fight, escape or accept blockade?')
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with FIGHT (decision GT1-D1 (default)).')
    expect(r.state.usa.DACO!.loc).toBe('sunk')
  })

  it('6.13 / digest 5.4: a recorded answer is applied instead of the default', () => {
    const esc = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(alaMeetsDaco(), {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ASK; FIGHT',
      dice: [spot(), esc, FWDT],
      decisions: { 'GT1-D1': 'ESCAPE' },
    })
    expect(r.step.decisions[0]).toMatchObject({
      decisionId: 'GT1-D1',
      defaultOption: 'FIGHT',
      applied: 'ESCAPE',
      byDefault: false,
    })
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with ESCAPE (decision GT1-D1).')
    expect(r.texts('6.21')).toEqual([`ALA escapes from DACO (speed difference ${diff}, die ${esc}).`])
    expect(r.state.usa.DACO!.loc).toBe('map')
  })

  it('6.13 / digest 5.4: an answer that is not one of the options falls back to the default', () => {
    const r = resolve(alaMeetsDaco(), {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ASK; FIGHT',
      dice: [spot(), ...fight(), FWDT],
      decisions: { 'GT1-D1': 'SURRENDER' },
    })
    expect(r.step.decisions[0]).toMatchObject({ applied: 'FIGHT', byDefault: true })
  })

  it('6.13 / digest 5.3: ASK alone takes the built-in default (ESCAPE when the spotter is weaker)', () => {
    expect(shipDef('DACO').gun).toBeLessThan(shipDef('ALA').gun)
    const esc = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(alaMeetsDaco(), {
      federal: '',
      confederate: 'ALA: MOVE C11\nPOLICY ALA ON SPOTTED: ASK',
      dice: [spot(), esc, FWDT],
    })
    expect(r.step.decisions[0]).toMatchObject({ defaultOption: 'ESCAPE', applied: 'ESCAPE' })
  })

  it('6.13 / digest 5.2: the first clause whose condition holds answers', () => {
    const esc = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(alaMeetsDaco(), {
      federal: '',
      confederate: `ALA: MOVE C11\nPOLICY ALA ON SPOTTED: FIGHT IF diff > ${diff}; ESCAPE IF diff >= ${diff} AND coastal; FIGHT`,
      dice: [spot(), esc, FWDT],
    })
    expect(r.texts('6.13')[0]).toBe('ALA answers the spotting with ESCAPE (policy ALA ON SPOTTED).')
    expect(r.step.decisions).toEqual([])
  })

  it('11.74 / digest 5.4: SEMMES ON ROLL: ASK puts the reroll to the player', () => {
    const s = fresh()
    clearFederals(s)
    placeCsa(s, 'SUM', 'C15')
    placeUsa(s, 'DACO', 'C11')
    const d = shipDef('SUM').ma - shipDef('DACO').ma
    const fail = dieWhere((x) => !escapes(T, x, d))
    const ok = dieWhere((x) => escapes(T, x, d))
    const r = resolve(s, {
      federal: '',
      confederate: 'SUM: MOVE C11\nPOLICY SUM ON SPOTTED: ESCAPE\nPOLICY SEMMES ON ROLL: ASK',
      dice: [spot(), fail, ok, FWDT],
    })
    expect(r.step.decisions).toHaveLength(1)
    expect(r.step.decisions[0]).toMatchObject({ role: 'confederate', defaultOption: 'REROLL', applied: 'REROLL' })
    expect(r.step.decisions[0]!.options.map((o) => o.id)).toEqual(['REROLL', 'KEEP'])
    expect(r.texts('11.74')).toEqual([`Semmes rerolls the escape die for SUM: ${fail} -> ${ok}.`])
  })
})
