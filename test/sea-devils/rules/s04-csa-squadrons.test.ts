// Rule 4.52 (with 4.51, 5.0, 6.11, 6.21): Confederate squadrons, formed during the activity phase
// from ships together at sea (ruling R-SQ): they move together at the slowest ship's allowance, are
// searched for and raid once, fire their total gunnery, and the Federal names the member hit.
import { describe, expect, it } from 'vitest'
import {
  FWDT,
  T,
  areaDef,
  clearFederals,
  crt,
  dieWhere,
  ecesSpots,
  escapes,
  fresh,
  parse,
  placeCsa,
  placeUsa,
  raidLoss,
  resolve,
  rs,
  searchSpots,
  shipDef,
  withoutSumter,
} from './helpers.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'
import { FixedDice } from '../../../src/engine/dice.ts'

const ala = shipDef('ALA')
const fla = shipDef('FLA')
const daco = shipDef('DACO')
const spot1 = () => dieWhere((d) => searchSpots(T, d, 1))
const miss1 = () => dieWhere((d) => !searchSpots(T, d, 1))

/** Alabama and Florida at sea together in C15; the Federal DACO waits in C11. */
function pair(): SdState {
  const s = fresh()
  withoutSumter(s)
  clearFederals(s)
  placeCsa(s, 'ALA', 'C15')
  placeCsa(s, 'FLA', 'C15')
  placeUsa(s, 'DACO', 'C11')
  return s
}

describe('4.52 forming a Confederate squadron (orders)', () => {
  it("4.52: SQUADRON <id> = ships, then the id's lines script the whole squadron", () => {
    const p = parse(pair(), 'confederate', 'SQUADRON SQ1 = ALA, FLA\nSQ1: MOVE C11 +RAID\nSQ1: MOVE C10')
    expect(p.errors).toEqual([])
    expect(p.commands).toEqual([
      {
        kind: 'script',
        ship: 'SQ1',
        members: ['ALA', 'FLA'],
        steps: [
          { verb: 'MOVE', area: 'C11', line: 2 },
          { verb: 'RAID', line: 2 },
          { verb: 'MOVE', area: 'C10', line: 3 },
        ],
      },
    ])
    expect(p.normalised).toEqual(['SQUADRON SQ1 = ALA,FLA: MOVE C11, RAID, MOVE C10'])
  })

  it('4.52 / 4.12: a member may not also move on its own, before or after', () => {
    expect(parse(pair(), 'confederate', 'ALA: MOVE C20\nSQUADRON SQ1 = ALA,FLA').errors.map((e) => e.message)).toEqual([
      'ALA cannot join squadron SQ1: it already has its own lines this turn (a ship moves once: 4.12) (4.52)',
    ])
    expect(parse(pair(), 'confederate', 'SQUADRON SQ1 = ALA,FLA\nFLA: MOVE C20').errors.map((e) => e.message)).toEqual([
      'FLA sails in squadron SQ1 this turn; script the squadron, not its ships (4.52)',
    ])
  })

  it('4.52: the members must lie together at sea; a squadron may only MOVE, RAID or STAY (ruling R-SQ)', () => {
    const s = pair()
    s.csa.FLA!.area = 'C20'
    expect(parse(s, 'confederate', 'SQUADRON SQ1 = ALA,FLA').errors.map((e) => e.message)).toEqual([
      'FLA cannot join squadron SQ1: it is not in C15 with ALA (4.52)',
    ])
    expect(
      parse(pair(), 'confederate', 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11\nSQ1: ENTER-PORT').errors.map(
        (e) => e.message,
      ),
    ).toEqual(['a squadron may only MOVE, RAID, STAY (ruling R-SQ); ENTER-PORT is for single ships'])
    expect(parse(pair(), 'confederate', 'SQUADRON ALA = ALA,FLA').errors.map((e) => e.message)).toEqual([
      'ALA names a ship; give the squadron another name (e.g. SQ1)',
    ])
  })

  it("4.52 / 6.21: the squadron moves at its slowest ship's allowance", () => {
    expect(fla.ma).toBeLessThan(ala.ma)
    const path = ['C11', 'C10', 'C11', 'C10', 'C11', 'C10', 'C11', 'C10', 'C11', 'C10', 'C11'].slice(0, fla.ma + 1)
    expect(
      parse(pair(), 'confederate', `SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE ${path.join(' ')}`).errors.map((e) => e.message),
    ).toEqual([`squadron SQ1 would spend ${fla.ma + 1} MP but its slowest ship has ${fla.ma} (4.11, 6.21)`])
  })
})

describe('4.52 a Confederate squadron at sea', () => {
  it('4.52 / 6.11: it moves as one and meets one search roll; every member coals', () => {
    const r = resolve(pair(), {
      federal: '',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11',
      dice: [miss1(), FWDT],
    })
    expect(r.labels).toEqual(['search for SQ1 in C11 by 1', 'Federal Warship Deployment Table'])
    expect(r.texts('4.52')).toEqual([
      `Squadron SQ1 (ALA+FLA) forms in C15; it moves at its slowest ship's ${fla.ma} MP.`,
    ])
    expect(r.texts('6.11')).toEqual([
      `squadron SQ1 (ALA+FLA) entered C11: 1 Federal searcher(s), die ${miss1()}, not spotted.`,
    ])
    expect(r.texts('11.51')).toEqual([
      'ALA coals in C11 (Spanish colonial port): 1 coaling(s) this turn.',
      'FLA coals in C11 (Spanish colonial port): 1 coaling(s) this turn.',
    ])
    expect(r.state.csa.ALA!.area).toBe('C11')
    expect(r.state.csa.FLA!.area).toBe('C11')
  })

  it('5.0 / 4.52: it raids an area once, with one roll', () => {
    const s = pair()
    s.usa.DACO!.area = 'C14'
    const loss = raidLoss(T, 4, areaDef('C11').density)
    const r = resolve(s, { federal: '', confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11 +RAID', dice: [4, FWDT] })
    expect(r.labels).toEqual(['raid by SQ1 in C11', 'Federal Warship Deployment Table'])
    expect(r.texts('5.11')).toEqual([
      `squadron SQ1 (ALA+FLA) raids C11 with ALA, FLA (density ${areaDef('C11').density}, die 4): ${loss} merchant-marine points (2/${fla.ma} MP).`,
    ])
    expect(r.state.mm).toBe(s.mm - loss)
  })

  it("11.52 / 4.52: a member that fails to coal voids the squadron's raid (ruling R-SQ)", () => {
    const s = pair()
    clearFederals(s)
    expect(areaDef('C20').ports).toEqual([])
    const r = resolve(s, { federal: '', confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C20 +RAID', dice: [6, FWDT] })
    expect(r.texts('5.11')).toHaveLength(1)
    expect(r.state.mm).toBe(s.mm)
    expect(r.state.csa.ALA!.cannotRaidUntilRefit).toBe(true)
    expect(r.state.csa.FLA!.cannotRaidUntilRefit).toBe(true)
  })

  it('4.51 / 4.52: in combat it fires its total gunnery; the Federal names the member hit (fewest hit points by default)', () => {
    const gun = ala.gun + fla.gun
    const hit = crt(6, gun)
    expect(hit).toBeLessThan(daco.def)
    expect(2 * hit).toBeGreaterThanOrEqual(daco.def)
    const quiet = dieWhere((d) => crt(d, daco.gun) === 0)
    const r = resolve(pair(), {
      federal: '',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11\nPOLICY SQ1 ON SPOTTED: FIGHT',
      dice: [spot1(), 6, 6, 6, quiet, FWDT],
    })
    expect(r.texts('6.13')[0]).toBe('squadron SQ1 (ALA+FLA) answers the spotting with FIGHT (policy SQ1 ON SPOTTED).')
    expect(r.labels.slice(1, 3)).toEqual(['combat SQ1 fires (segment 1)', 'combat DACO fires (segment 1)'])
    const segs = r.texts('8.11').filter((t) => t.startsWith('Segment'))
    // Florida has fewer hit points than Alabama, so the Federal's default puts the damage on it.
    expect(fla.def).toBeLessThan(ala.def)
    expect(segs).toEqual([
      `Segment 1: squadron SQ1 (ALA+FLA) (gunnery ${gun}, die 6) deals ${hit} to DACO; DACO (gunnery ${daco.gun}, die 6) deals ${crt(6, daco.gun)} to FLA.`,
      `Segment 2: squadron SQ1 (ALA+FLA) (gunnery ${gun}, die 6) deals ${hit} to DACO; DACO (gunnery ${daco.gun}, die ${quiet}) deals 0 to squadron SQ1 (ALA+FLA).`,
    ])
    expect(r.state.csa.FLA!.damage).toBe(crt(6, daco.gun))
    expect(r.state.csa.ALA!.damage).toBe(0)
    expect(r.state.usa.DACO!.loc).toBe('sunk')
    expect(r.texts('8.12')).toEqual([
      `DACO is sunk; squadron SQ1 (ALA+FLA) survives (ALA damage 0, FLA damage ${crt(6, daco.gun)}).`,
    ])
  })

  it('4.51: a Federal TARGET policy names another member', () => {
    const quiet = dieWhere((d) => crt(d, daco.gun) === 0)
    const r = resolve(pair(), {
      federal: 'POLICY ALL ON TARGET: HIGHEST-GUN',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11\nPOLICY SQ1 ON SPOTTED: FIGHT',
      dice: [spot1(), 6, 6, 6, quiet, FWDT],
    })
    expect(r.state.csa.ALA!.damage).toBe(crt(6, daco.gun))
    expect(r.state.csa.FLA!.damage).toBe(0)
  })

  it("6.21 / 4.52: an escape uses the slowest member's speed", () => {
    const diff = fla.ma - daco.ma
    const ok = dieWhere((d) => escapes(T, d, diff))
    const r = resolve(pair(), {
      federal: '',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11\nPOLICY SQ1 ON SPOTTED: ESCAPE',
      dice: [spot1(), ok, FWDT],
    })
    expect(r.texts('6.21')).toEqual([`squadron SQ1 (ALA+FLA) escapes from DACO (speed difference ${diff}, die ${ok}).`])
  })

  it('6.13 / 4.52: accepting blockade puts every member in port; the spotter blockades one of them (ruling R-SQ)', () => {
    const r = resolve(pair(), {
      federal: '',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11 C10\nPOLICY SQ1 ON SPOTTED: PORT',
      dice: [spot1(), FWDT],
    })
    expect(r.state.csa.ALA!).toMatchObject({ area: 'C11', port: 'S' })
    expect(r.state.csa.FLA!).toMatchObject({ area: 'C11', port: 'S' })
    expect(r.state.usa.DACO!.blockading).toBe('ALA')
  })

  it('6.4 / 4.52: one emergency search for the squadron; every member counts as an entry into C9 (R18)', () => {
    const s = pair()
    clearFederals(s)
    s.csa.ALA!.area = 'C13'
    s.csa.FLA!.area = 'C13'
    const miss = dieWhere((d) => !ecesSpots(T, d))
    const r = resolve(s, { federal: '', confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C9', dice: [miss, FWDT] })
    expect(r.labels).toEqual(['ECES for SQ1 in C9', 'Federal Warship Deployment Table'])
    expect(r.state.ecesEntries).toEqual({ S: 2 })
  })

  it('4.52: a squadron whose ships are no longer together at sea when its turn comes does not form', () => {
    const s = pair()
    const commands = rs.parseOrders(s, 'confederate', 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11').commands
    s.csa.FLA!.port = 'refuge'
    const step = rs.resolve(s, { orders: { confederate: commands, federal: [] }, decisions: {} }, new FixedDice([FWDT]))
    expect(step.narrative.filter((n) => n.rule === '4.52').map((n) => n.text)).toEqual([
      'Squadron SQ1 (ALA+FLA) cannot form: its ships are no longer together at sea; they stay where they are.',
    ])
    expect(step.state.csa.ALA!.area).toBe('C15')
  })
})

describe('4.3 / 4.52 a squadron member lost mid-script', () => {
  const kear = shipDef('KEAR')
  /** ALA and FLA meet KEAR in C11 and fight; their record then raids there and sails on to C10. */
  function meetKear(csaDice: number[], fedDice: number[], after: number[]) {
    const s = pair()
    clearFederals(s)
    placeUsa(s, 'KEAR', 'C11')
    const fight = csaDice.flatMap((d, i) => [d, fedDice[i]!])
    return resolve(s, {
      federal: '',
      confederate: 'SQUADRON SQ1 = ALA,FLA\nSQ1: MOVE C11\nSQ1: RAID\nSQ1: MOVE C10\nPOLICY SQ1 ON SPOTTED: FIGHT',
      dice: [spot1(), ...fight, ...after, FWDT],
    })
  }
  // KEAR's best shot sinks the Florida (fewest hit points, so the default target) in three segments
  // while the squadron's worst shots leave KEAR afloat; then the Alabama fights on alone.
  const blows = Math.ceil(fla.def / crt(6, kear.gun))
  const weak = crt(1, ala.gun + fla.gun)

  it("4.3 / 4.52: the sunk member's owner hears which of the squadron's lines it never sailed", () => {
    expect(blows * weak).toBeLessThan(kear.def)
    const quiet = dieWhere((d) => crt(d, kear.gun) === 0)
    const finish = Math.ceil((kear.def - blows * weak) / crt(6, ala.gun))
    const r = meetKear(
      [...Array(blows).fill(1), ...Array(finish).fill(6)],
      [...Array(blows).fill(6), ...Array(finish).fill(quiet)],
      [4],
    )
    expect(r.state.csa.FLA!.status).toBe('sunk')
    expect(r.state.csa.ALA!.status).toBe('map')
    expect(r.state.csa.ALA!.area).toBe('C10')
    const lines = r.texts('4.3')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^FLA was sunk \(.+\) before the end of squadron SQ1's record; not carried out by it: RAID, MOVE C10\.$/,
    )
    const entry = r.step.narrative.find((e) => e.rule === '4.3')!
    expect(entry.audience).toEqual({ kind: 'roles', roles: ['confederate'] })
  })

  it('4.3 / 4.52: a squadron lost whole lists the unsailed lines for each member', () => {
    const strong = crt(6, kear.gun)
    const rounds = blows + Math.ceil(ala.def / strong)
    const r = meetKear(Array(rounds).fill(1), Array(rounds).fill(6), [])
    expect(r.state.csa.FLA!.status).toBe('sunk')
    expect(r.state.csa.ALA!.status).toBe('sunk')
    expect(r.texts('4.3').map((t) => t.replace(/ \(.+\) /, ' (…) '))).toEqual([
      "ALA was sunk (…) before the end of squadron SQ1's record; not carried out by it: RAID, MOVE C10.",
      "FLA was sunk (…) before the end of squadron SQ1's record; not carried out by it: RAID, MOVE C10.",
    ])
  })
})
