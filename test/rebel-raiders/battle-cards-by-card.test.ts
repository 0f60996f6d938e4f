// The cards that act in a naval combat (PB 23), card by card: named ships and the Confederate answers
// to a naval attack on a port. Each card is named by its number; dice are forced by label
// (battle-cards.test.ts and battle-cards-union.test.ts have the rest).
import { describe, expect, it } from 'vitest'
import { norfolk, repulse } from './battleNorfolk.ts'
import { parseBattlePolicy } from '../../src/games/rebel-raiders/policies.ts'

const _policy = (text: string) => parseBattlePolicy(text) as never
const _ATTACK_NORFOLK = 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF'

describe('PB 23: named ships, card by card', () => {
  it('#15 USS Carondelet: hits are shrugged off, but on 1-3 the ironclad leaves the fight', () => {
    const run = norfolk({
      usa: [15],
      dice: {
        'round 1: BT-5 at IC-9 (1)': 6,
        'round 1: IC-9 hit, fights on?': [4, 1],
        'round 1: BT-5 at IC-9 (2)': 6,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 1,
        ...repulse,
      },
    })
    expect(run.texts('10.1')[0]).toMatch(/IC-9 is hit and fights on \(die 4\); round 1: IC-9 is hit and leaves/)
    expect(run.state.pieces.find((p) => p.id === 'IC-9')!.at).toBe('NORF.BS')
  })

  it('#18 USS Tyler: the gunboat counts as an ironclad, so a 5 does not sink it', () => {
    const run = norfolk({
      usa: [18],
      ships: [{ id: 'GB-9', type: 'gunboat' }],
      dice: {
        'round 1: BT-5 at GB-9 (1)': 5,
        'round 1: BT-5 at GB-9 (2)': 5,
        'round 1: GB-2 at GB-9 (1)': 5,
        'round 1: GB-9 at GB-2 (1)': 1,
        ...repulse,
      },
    })
    expect(run.state.pieces.find((p) => p.id === 'GB-9')).toMatchObject({ type: 'gunboat', at: 'NORF.BS' })
  })

  it('#20 USS Roanoke (from 1863): the ironclad rolls two dice', () => {
    const run = norfolk({
      usa: [20],
      turn: 7,
      dice: {
        'round 1: BT-5 at IC-9 (1)': 1,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 1,
        'round 1: IC-9 at GB-2 (2)': 1,
        ...repulse,
      },
    })
    expect(run.texts('#20')).toEqual(['IC-9 is the Roanoke: it rolls one die more each round.'])
  })

  it('#22 USS Lehigh: +2 on the ironclad dice: a 2 sinks a gunboat', () => {
    const run = norfolk({
      usa: [22],
      orders: 'POLICY ALL ON BATTLE: RETREAT IF batteries = 0; FIGHT',
      dice: {
        'round 1: BT-5 at IC-9 (1)': 1,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 2,
        'round 2: BT-5 at IC-9 (1)': 1,
        'round 2: BT-5 at IC-9 (2)': 1,
        'round 2: IC-9 at BT-5 (1)': 4,
        'round 3: BT-5 at IC-9 (1)': 1,
        'round 3: BT-5 at IC-9 (2)': 1,
        'round 3: IC-9 at BT-5 (1)': 3,
        'assault on NORF: Union die 1': 6,
        'assault on NORF: Confederate die 1': 1,
        'assault on NORF: Confederate die 2': 1,
        'capture of NORF': 1,
      },
    })
    // 4 + 2 and 3 + 2: the +2 turns a 4 into the 6 a battery needs.
    expect(run.state.pieces.filter((p) => p.at === 'NORF' && p.side === 'CSA')).toEqual([])
    expect(run.state.control.NORF).toBe('USA')
  })

  it('#28 USS Passaic (from 1862): +1 for the rest of the turn; the card stays out until the turn ends', () => {
    const run = norfolk({
      usa: [28],
      turn: 4,
      dice: {
        'round 1: BT-5 at IC-9 (1)': 1,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 3,
        'assault on NORF: Union die 1': 6,
        'assault on NORF: Union die 2': 6,
        'assault on NORF: Confederate die 1': 1,
        'assault on NORF: Confederate die 2': 1,
        'assault on NORF: Confederate die 3': 1,
        'capture of NORF': 1,
      },
    })
    expect(run.state.named).toEqual([{ ship: 'IC-9', card: 28, until: 'turn' }])
    expect(run.state.cards.USA.inPlay).toEqual([28])
  })

  it('#26 USS New Ironsides: the sloop shrugs off its first hit, the card played as it lands', () => {
    const run = norfolk({
      usa: [26],
      ships: [{ id: 'SL-9', type: 'sloop' }],
      dice: {
        'round 1: BT-5 at SL-9 (1)': 5,
        'round 1: BT-5 at SL-9 (2)': 1,
        'round 1: GB-2 at SL-9 (1)': 1,
        'round 1: SL-9 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (2)': 1,
        ...repulse,
      },
    })
    expect(run.texts('#26')).toEqual(['SL-9 is the New Ironsides: it shrugs off its first hit.'])
    expect(run.state.pieces.some((p) => p.id === 'SL-9')).toBe(true)
  })

  it('#38 USS Queen of the West: a Union gunboat rams the Confederate gunboat out of the fight before the dice', () => {
    const run = norfolk({
      usa: [38],
      ships: [{ id: 'GB-9', type: 'gunboat' }],
      dice: {
        '#38 GB-9 rams GB-2: Union die': 5,
        '#38 GB-9 rams GB-2: Confederate die': 2,
        'round 1: BT-5 at GB-9 (1)': 1,
        'round 1: BT-5 at GB-9 (2)': 1,
        'round 1: GB-9 at BT-5 (1)': 1,
        'assault on NORF: Union die 1': 6,
        'assault on NORF: Confederate die 1': 1,
        'assault on NORF: Confederate die 2': 1,
        'assault on NORF: Confederate die 3': 1,
        'capture of NORF': 1,
      },
    })
    // GB-2 had nowhere to retreat from an ocean port (10.36): out of the fight, and lost with the port.
    expect(run.texts('10.36')).toContain('GB-2 is out of the fight, with nowhere to go.')
    expect(run.state.control.NORF).toBe('USA')
    expect(run.state.pieces.some((p) => p.id === 'GB-2')).toBe(false)
  })

  it('#47 Engine Breakdown: a broken-down Confederate ironclad is lost when the Confederates lose the fight', () => {
    const run = norfolk({
      usa: [47],
      csaExtra: [{ id: 'IC-20', type: 'ironclad' }],
      dice: {
        '#47 round 1: IC-20 engine': 6,
        'round 1: BT-5 at IC-9 (1)': 1,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 6,
        'assault on NORF: Union die 1': 1,
        'assault on NORF: Confederate die 1': 1,
        'assault on NORF: Confederate die 2': 2,
        'assault on NORF: Confederate die 3': 1,
      },
    })
    expect(run.texts('#47')).toContain('The ships that broke down are lost with the battle: IC-20.')
    expect(run.state.pieces.some((p) => p.id === 'IC-20')).toBe(false)
  })
})

describe('PB 23: the Confederate answers to a naval attack on a port', () => {
  it('#70 CSS Virginia: a free ironclad, +1 on its die; a hit sends it out of the fight instead of sinking it', () => {
    const run = norfolk({
      csa: [70],
      ships: [{ id: 'SL-9', type: 'sloop' }],
      dice: {
        'round 1: BT-5 at SL-9 (1)': 1,
        'round 1: BT-5 at SL-9 (2)': 1,
        'round 1: GB-2 at SL-9 (1)': 1,
        'round 1: IC-1 at SL-9 (1)': 4,
        'round 1: SL-9 at GB-2 (1)': 1,
        'round 1: SL-9 at GB-2 (2)': 1,
        ...repulse,
      },
    })
    // 4 + 1 sinks the sloop.
    expect(run.state.pieces.some((p) => p.id === 'SL-9')).toBe(false)
    expect(run.state.named).toEqual([{ ship: 'IC-1', card: 70, until: 'afloat' }])
  })

  it('#71 CSS Manassas: a free ironclad that rams as the combat begins; a higher Confederate die sinks the ship', () => {
    const run = norfolk({
      csa: [71],
      ships: [
        { id: 'SL-9', type: 'sloop' },
        { id: 'GB-9', type: 'gunboat' },
      ],
      dice: {
        '#71 IC-1 rams SL-9: Confederate die': 5,
        '#71 IC-1 rams SL-9: Union die': 3,
        'round 1: BT-5 at GB-9 (1)': 1,
        'round 1: BT-5 at GB-9 (2)': 1,
        'round 1: GB-2 at GB-9 (1)': 1,
        'round 1: IC-1 at GB-9 (1)': 1,
        'round 1: GB-9 at GB-2 (1)': 1,
        ...repulse,
      },
    })
    expect(run.texts('#71')[1]).toBe('The Manassas rams SL-9 (5 against 3): it sinks.')
    expect(run.state.pieces.some((p) => p.id === 'SL-9')).toBe(false)
  })

  it("#71 the ram's target is the Confederate player's: his AIM order for the Manassas", () => {
    const run = norfolk({
      csa: [71],
      ships: [
        { id: 'SL-9', type: 'sloop' },
        { id: 'GB-9', type: 'gunboat' },
      ],
      aims: { CSA: { 'IC-1': ['GB-9'] } },
      dice: { '#71 IC-1 rams GB-9: Confederate die': 5, '#71 IC-1 rams GB-9: Union die': 3 },
      loose: true,
    })
    expect(run.texts('#71')[1]).toBe('The Manassas rams GB-9 (5 against 3): it sinks.')
    expect(run.state.pieces.some((p) => p.id === 'GB-9')).toBe(false)
  })

  it('#101 Ring of Fire: a free battery, and every battery fires three dice in the first round', () => {
    const run = norfolk({
      csa: [101],
      dice: {
        'round 1: BT-5 at IC-9 (1)': 1,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: BT-5 at IC-9 (3)': 1,
        'round 1: BT-10 at IC-9 (1)': 1,
        'round 1: BT-10 at IC-9 (2)': 1,
        'round 1: BT-10 at IC-9 (3)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 1,
        ...repulse,
      },
    })
    expect(run.state.pieces.filter((p) => p.at === 'NORF' && p.type === 'battery')).toHaveLength(2)
  })

  it('#110 Hulks, Rafts & Chains: every battery adds 1 to its dice in the first round', () => {
    const run = norfolk({
      csa: [110],
      dice: {
        'round 1: BT-5 at IC-9 (1)': 5,
        'round 1: BT-5 at IC-9 (2)': 1,
        'round 1: GB-2 at IC-9 (1)': 1,
        'round 1: IC-9 at GB-2 (1)': 1,
      },
    })
    expect(run.state.pieces.some((p) => p.id === 'IC-9')).toBe(false)
    expect(run.state.cards.CSA.heldAside).toEqual([{ card: 110, returnsAfterTurn: 3 }])
  })
})
