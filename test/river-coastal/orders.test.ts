import { describe, expect, it } from 'vitest'
import { orderContext } from '../../src/games/river-coastal/orderContext.ts'
import { parseShipOrders } from '../../src/games/river-coastal/orders.ts'
import type { ShipOrder } from '../../src/games/river-coastal/orderTypes.ts'
import type { ShipState } from '../../src/games/river-coastal/ship.ts'
import { pack, scenarioShip } from './helpers.ts'

const fort = pack.scenarios['passing-the-fort']!
const fleet = (patch: (s: ShipState) => void = () => {}) =>
  fort.ships.map((x) => {
    const s = scenarioShip('passing-the-fort', x.id)
    patch(s)
    return s
  })
const usa = (text: string, patch?: (s: ShipState) => void) =>
  parseShipOrders(orderContext('USA', 2, fleet(patch), fort.forts, pack), text)

describe('digest §4 order lines, one per ship per move', () => {
  it('§4 reads speed, a timed turn, turret, fire with a fallback target, and a conditional ram', () => {
    const p = usa('TECU: SPEED 8; TURN PORT 30 AT 2; TURRET S; FIRE T1 AT TENNESSEE ELSE gaines; RAM IF BOW-ON')
    expect(p.errors).toEqual([])
    expect(p.commands).toEqual([
      {
        ship: 'TECU',
        speed: 8,
        turns: [{ dir: -1, degrees: 30, at: 2000 }],
        fire: [{ selection: 'T1', guns: ['T1a', 'T1b'], target: 'TENN', orElse: 'GAIN' }],
        turrets: { T1: 'S' },
        ram: { ifBowOn: true, fallback: 'TURN-AWAY' },
      },
    ])
    expect(p.normalised).toEqual([
      'TECU: SPEED 8; TURN PORT 30 AT 2; TURRET T1 S; FIRE T1 AT TENN ELSE GAIN; RAM IF BOW-ON',
    ])
    expect(p.warnings.map((w) => w.message)).toEqual([
      'USS Tecumseh has no ram: -2 on the ram test and half damage (§11 L1051, L1075)',
    ])
  })

  it('§7 L471 a turn tighter than the class allows is refused with the most it can do', () => {
    const p = usa('\nMETA: SPEED 4; TURN PORT 60', (s) => {
      s.speed = 4
    })
    expect(p.errors).toEqual([
      {
        line: 2,
        text: 'META: SPEED 4; TURN PORT 60',
        message: 'TURN PORT 60: this class turns at most 45 at speed 4 (radius 5", §7 L471)',
        suggestion: 'use TURN PORT 45 or less',
      },
    ])
    expect(p.commands).toEqual([])
  })

  it('§7 L441 speed changes by at most 2 a move: the legal range is in the message', () => {
    const p = usa('GALE: SPEED 9')
    expect(p.errors[0]).toMatchObject({
      message: 'SPEED 9: USS Galena makes at most 8 this move',
      suggestion: 'use 4..8',
    })
    expect(usa('GALE: SPEED 3').errors[0]).toMatchObject({
      message: 'SPEED 3: was 6, speed changes by at most 2 a move (§7 L441)',
      suggestion: 'use 4..8',
    })
  })

  it('§7 L449-453 astern only from a stop, at a third of max speed; a double-ender at full', () => {
    expect(usa('GALE: SPEED -2').errors[0]!.message).toBe(
      'SPEED -2: a ship going ahead must stop before going astern (§7 L449)',
    )
    const stopped = (s: ShipState) => {
      s.speed = 0
    }
    expect(usa('GALE: SPEED -3', stopped).errors[0]).toMatchObject({
      message: 'SPEED -3: astern at most 2 (a third of max speed 8, §7 L453)',
      suggestion: 'use -2..2',
    })
    expect(usa('GALE: SPEED -2', stopped).errors).toEqual([])
    expect(usa('META: SPEED -2', stopped).errors).toEqual([])
  })

  it('§9 L641 a turret cannot be plotted into its forbidden quadrant; it turns a quadrant per inch (L645)', () => {
    expect(usa('CHIC: TURRET TF A').errors[0]!.message).toBe('TURRET TF A: that turret can never bear A (§9 L641)')
    const still = (s: ShipState) => {
      s.speed = 1
    }
    expect(usa('CHIC: SPEED 0; TURRET TA S', still).errors[0]!.message).toBe(
      'TURRET TA S: from F is 1 quarter turns; moving 0" allows 0 (§9 L645)',
    )
  })

  it('names are matched by id or name, with a suggestion for a misspelling; own ships are not targets', () => {
    expect(usa('TECU: FIRE T1 AT TENESSEE').errors[0]).toMatchObject({
      message: 'no unit called TENESSEE',
      suggestion: 'did you mean TENNESSEE?',
    })
    expect(usa('TECU: FIRE T1 AT GALENA').errors[0]!.message).toBe('GALENA is one of your own')
    expect(usa('TECU: FIRE BOW AT TENN').errors[0]!.message).toBe('FIRE BOW: USS Tecumseh has no such guns')
    expect(usa('TECU: STEER 4').errors[0]).toMatchObject({
      message: 'unknown order STEER',
      suggestion: 'did you mean SPEED or SPAR?',
    })
  })

  it('one line per ship; a ship of the other side is refused; comments and END are skipped', () => {
    const p = usa('# move 2\nTECU: HOLD\nTECU: SPEED 4\nTENN: SPEED 2\nEND')
    expect(p.errors.map((e) => [e.line, e.message])).toEqual([
      [3, 'a second line for TECU: one line per ship per move'],
      [4, 'TENN is not one of your ships afloat'],
    ])
    expect((p.commands as ShipOrder[]).map((c) => [c.ship, c.speed])).toEqual([['TECU', 6]])
  })

  it('§7 a fort can be fired at; FIRE ALL and PIVOTS pick the guns by mounting', () => {
    const p = usa('GALE: FIRE PIVOTS AT MORG; FIRE STARBOARD AT NEAREST')
    expect((p.commands[0] as ShipOrder).fire).toEqual([
      { selection: 'PIVOTS', guns: ['BP', 'SP'], target: 'MORG' },
      { selection: 'STARBOARD', guns: ['S1', 'S2'], target: 'NEAREST' },
    ])
  })

  it('§9 L607 one shot per gun per move: a second FIRE clause for S2 is refused at receipt', () => {
    const twice = usa('GALE: FIRE S2 AT TENN; FIRE S2 AT TENN')
    expect(twice.commands).toEqual([])
    expect(twice.errors[0]).toMatchObject({
      message: 'FIRE S2: S2 is already ordered to fire this move (one shot per gun per move, §9 L607)',
      suggestion: 'one FIRE clause per gun; name a second target with ELSE, e.g. FIRE S2 AT TENN ELSE NEAREST',
    })
    // A side word and a gun of that side overlap just the same.
    expect(usa('GALE: FIRE STARBOARD AT TENN; FIRE S2 AT GAIN').errors[0]!.message).toBe(
      'FIRE S2: S2 is already ordered to fire this move (one shot per gun per move, §9 L607)',
    )
    expect(usa('GALE: FIRE PORT AT TENN; FIRE STARBOARD AT GAIN').errors).toEqual([])
  })

  it('§12 L1143 it takes 1 CPV to work the anchor: ANCHOR DROP with none left is refused at receipt', () => {
    const unmanned = (s: ShipState) => {
      s.speed = 0
      s.crew = { engine: 0, boiler: 0, spare: 0 }
      for (const g of Object.values(s.guns)) g.crewed = false
    }
    expect(usa('GALE: SPEED 0; ANCHOR DROP', unmanned).errors[0]!.message).toBe(
      'ANCHOR DROP: USS Galena has no CPV left to work the anchor (it takes 1, §12 L1143)',
    )
    expect(
      usa('GALE: SPEED 0; ANCHOR DROP', (s) => {
        s.speed = 0
      }).errors,
    ).toEqual([])
  })

  it('digest §4.5 standing orders use the kit policy grammar, scoped to an own ship or ALL', () => {
    const p = usa(
      'POLICY galena ON NO-TARGET: NEAREST IF ENEMY.SEEN; HOLD\nPOLICY ALL ON NO-ORDERS: SLOW IF BELOW.PV; REPEAT',
    )
    expect(p.errors).toEqual([])
    expect(p.normalised).toEqual([
      'POLICY GALE ON NO-TARGET: NEAREST IF ENEMY.SEEN; HOLD',
      'POLICY ALL ON NO-ORDERS: SLOW IF BELOW.PV; REPEAT',
    ])
    expect(usa('POLICY TENN ON NO-TARGET: HOLD').errors[0]!.message).toBe(
      'POLICY TENN: not one of your ships afloat (or ALL)',
    )
    expect(usa('POLICY GALE ON NO-TARGET: FLEE').errors[0]!.message).toBe(
      'FLEE is not an answer to NO-TARGET; use NEAREST, HOLD',
    )
  })

  it('§12 L1129 LAND needs a stopped ship, a town, port or enemy fort to make for, and spare CPV', () => {
    const land = (text: string, speed: number) =>
      parseShipOrders(
        orderContext(
          'USA',
          2,
          fleet((s) => (s.speed = speed)),
          fort.forts,
          pack,
          { MORG: 'Fort Morgan' },
        ),
        text,
      ).errors.map((e) => e.message)
    expect(land('GALE: SPEED 4; LAND 2 AT MORG', 6)).toEqual([
      'LAND: USS Galena must be stopped to put parties ashore (SPEED 0)',
    ])
    expect(land('GALE: LAND 1 AT TOWN', 0)).toEqual(['LAND ... AT TOWN: parties can make for MORG'])
    expect(land('GALE: LAND 9 AT MORG', 0)).toEqual(['LAND 9: USS Galena has 8 spare CPV to put ashore'])
    expect(land('GALE: LAND 2 AT MORG', 0)).toEqual([])
  })
})
