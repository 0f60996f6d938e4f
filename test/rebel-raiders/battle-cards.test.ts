// The defender's tactic in a port (RB 10.12), a round against batteries alone (10.25), and the cards
// that act in a naval combat (PB 23): named ships, free Confederate ironclads, rams, breakdowns and
// the ship-versus-battery cards. Each card is named by its number; dice are forced by label.
import { describe, expect, it } from 'vitest'
import { given } from '../../src/games/kit/spec.ts'
import { cardPosition, type Hands, rs } from './cardPosition.ts'
import { parseBattlePolicy } from '../../src/games/rebel-raiders/policies.ts'
import type { Phase, RrState } from '../../src/games/rebel-raiders/state.ts'

const position = (phase: Phase, hands: Hands = {}, turn = 2): RrState =>
  cardPosition({ salt: 'rr-battle', hidden: '44' }, phase, hands, turn)
const policy = (text: string) => parseBattlePolicy(text) as never
const ATTACK_NORFOLK = 'MOVE SL-6,GB-5 CHES > NORF.BS > NORF'

describe('RB 10.12: the defender of a port with ships and batteries chooses shelter, sortie or combined', () => {
  it('is a Confederate standing order on the space, refused from the Union or for a space not on the map', () => {
    const s = position('union-move')
    expect(rs.parseOrders(s, 'union', 'POLICY ALL ON DEFENCE: SHELTER').errors.map((e) => e.message)).toEqual([
      'only the Confederate defender chooses shelter, sortie or combined (10.12)',
    ])
    expect(rs.parseOrders(s, 'confederate', 'POLICY MARS ON DEFENCE: SHELTER').errors.map((e) => e.message)).toEqual([
      'ON DEFENCE names a port or fort: no space MARS on the map',
    ])
    const set = given(rs, s)
      .orders('confederate', 'POLICY NORF ON DEFENCE: SHELTER IF foes >= 2; COMBINED\nPOLICY ALL ON BATTLE: FIGHT')
      .resolve()
    // A DEFENCE policy and a BATTLE policy of the same scope stand side by side.
    expect(set.state.policies.CSA.map((p) => `${p.scope} ${p.event}`)).toEqual(['NORF DEFENCE', 'ALL BATTLE'])
  })

  it('under SHELTER only the battery fights and is fired at; with it gone the gunboat must fight', () => {
    const s = position('union-move')
    s.policies.CSA = [policy('NORF ON DEFENCE: SHELTER IF foes >= 2; COMBINED')]
    const run = given(rs, s)
      .orders('union', ATTACK_NORFOLK)
      .dice(
        {
          // Round 1: the sloop shields the gunboat (10.21); the battery can only aim at the sloop.
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 2,
          'round 1: SL-6 at BT-5 (1)': 6,
          'round 1: SL-6 at BT-5 (2)': 1,
          // Round 2: no battery is left, so GB-2 fights.
          'round 2: GB-2 at GB-5 (1)': 3,
          'round 2: SL-6 at GB-2 (1)': 4,
          'round 2: SL-6 at GB-2 (2)': 1,
          'round 2: GB-5 at GB-2 (1)': 2,
          'assault on NORF: Union die 1': 6,
          'assault on NORF: Confederate die 1': 2,
          'assault on NORF: Confederate die 2': 3,
          'capture of NORF': 2,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('10.1')[0]).toMatch(/2 round\(s\) \(the defender: shelter\); lost: BT-5, GB-2/)
    expect(run.state.control.NORF).toBe('USA')
  })
})

describe('RB 10.25: Union ships against batteries alone', () => {
  const savannah = (orders: string, dice: Record<string, number>) =>
    given(rs, position('union-move'))
      .orders('union', `MOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0\n${orders}`)
      .dice(
        {
          ...dice,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'capture of SAVA': 1,
          'speed of BR-4': 1,
          'search for BR-4 by SL-3': 6,
        },
        'strict',
      )
      .resolve()

  it('fight on while their battle orders say FIGHT: the battery destroyed, the landing meets two dice only', () => {
    const run = savannah('POLICY ALL ON BATTLE: FIGHT', {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: BT-8 at SL-3 (2)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
      'round 2: BT-8 at SL-3 (1)': 2,
      'round 2: BT-8 at SL-3 (2)': 2,
      'round 2: SL-3 at BT-8 (1)': 6,
      'round 2: SL-3 at BT-8 (2)': 1,
    })
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.texts('10.25')).toEqual([])
  })

  it('a sloop sunk by the batteries leaves no one to land: the pawn is spent, no assault', () => {
    const run = given(rs, position('union-move'))
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA')
      .dice(
        {
          'round 1: BT-8 at SL-3 (1)': 5,
          'round 1: BT-8 at SL-3 (2)': 1,
          'round 1: SL-3 at BT-8 (1)': 1,
          'round 1: SL-3 at BT-8 (2)': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.state.control.SAVA).toBeUndefined()
    expect(run.state.unionPawns).toBe(1)
  })
})

describe('PB 23: named ships', () => {
  it('#10 USS Black Hawk, written as PLAY in the Union move, waits unseen in the hand for the battle and gives its gunboat a die more', () => {
    const s = position('union-move', { USA: [10] })
    const run = given(rs, s)
      .orders('union', `PLAY 10 AT GB-5\n${ATTACK_NORFOLK}`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 1,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          'round 1: GB-5 at GB-2 (2)': 4,
          // With the gunboat sunk the Union stops fighting the battery after the round (10.25) and lands.
          'assault on NORF: Union die 1': 6,
          'assault on NORF: Confederate die 1': 2,
          'assault on NORF: Confederate die 2': 3,
          'assault on NORF: Confederate die 3': 1,
          'capture of NORF': 2,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#10')).toEqual(['GB-5 is the Black Hawk: it rolls one die more each round.'])
    expect(run.state.cards.USA.deck.discards).toContain(10)
    expect(run.state.cards.USA.inPlay).toEqual([])
    expect(run.state.named).toEqual([])
    // Before the battle the Confederate player could not tell the card was waiting.
    const held = run.step.narrative.find((e) => e.text.includes('is held for the first battle'))!
    expect(held.audience).toEqual({ kind: 'roles', roles: ['union'] })
  })

  it('#10 with no battle in the phase stays in the hand, and only its owner is told', () => {
    const run = given(rs, position('union-move', { USA: [10] }))
      .orders('union', 'PLAY 10')
      .resolve()
    expect(run.state.cards.USA.hand).toContain(10)
    expect(run.seenBy({ kind: 'role', role: 'confederate' }).join('\n')).not.toMatch(/#10|Black Hawk/)
  })

  it('#19 USS Monitor, standing as REACT in the Confederate phase: the ironclad shrugs off its first hit', () => {
    const s = position('csa-move', { USA: [19] }, 4)
    s.reactions.USA = [{ card: 19, at: 'ALL' }]
    s.pieces.push({ id: 'IC-9', side: 'USA', type: 'ironclad', at: 'NORF.BS' })
    const run = given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({ 'round 1: IC-9 at GB-2 (1)': 5, 'round 1: GB-2 at IC-9 (1)': 6 })
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'IC-9')).toBe(true)
    expect(run.state.pieces.some((p) => p.id === 'GB-2')).toBe(false)
    expect(run.texts('7.75')[0]).toMatch(/round 1: IC-9 shrugs off a hit/)
    expect(run.state.cards.USA.deck.discards).toContain(19)
    expect(run.state.reactions.USA).toEqual([])
  })

  it('#13 USS Brooklyn: a hit is shrugged off on 5-6; otherwise the sloop leaves the fight instead of sinking (10.36)', () => {
    const s = position('union-move', { USA: [13] })
    const run = given(rs, s)
      .orders('union', `PLAY 13 AT SL-6\n${ATTACK_NORFOLK}`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 5,
          'round 1: SL-6 hit, fights on?': 2,
          'round 1: BT-5 at SL-6 (2)': 6,
          'round 1: GB-2 at GB-5 (1)': 4,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          'repulse at NORF: first die': 4,
          'repulse at NORF: second die': 1,
        },
        'strict',
      )
      .resolve()
    // The second die at SL-6 is wasted: it had already left the fight.
    expect(run.state.pieces.find((p) => p.id === 'SL-6')!.at).toBe('NORF.BS')
    expect(run.state.pieces.some((p) => p.id === 'GB-5')).toBe(false)
    expect(run.texts('10.36')).toContain('SL-6 leaves the fight for Norfolk Blockade Station.')
  })

  it('#23 USS Mississippi is played by the judge as the sloop is first hit, not before', () => {
    const s = position('union-move', { USA: [23] })
    s.reactions.USA = [{ card: 23, at: 'ALL' }]
    const run = given(rs, s)
      .orders('union', `${ATTACK_NORFOLK}\nPOLICY ALL ON BATTLE: RETREAT`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 6,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 1,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          'repulse at NORF: first die': 1,
          'repulse at NORF: second die': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#23')).toEqual(['SL-6 is the Mississippi: it shrugs off its first hit.'])
    expect(run.state.pieces.find((p) => p.id === 'SL-6')!.at).toBe('NORF.BS')
    expect(run.state.cards.USA.deck.discards).toContain(23)
  })

  it('#72 CSS Gaines: the Confederate gunboat counts as an ironclad: a 4 no longer sinks it', () => {
    const s = position('union-move', { CSA: [72] })
    s.reactions.CSA = [{ card: 72, at: 'NORF' }]
    const run = given(rs, s)
      .orders('union', `${ATTACK_NORFOLK}\nPOLICY ALL ON BATTLE: RETREAT`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 1,
          // As hard to sink as the battery, the Gaines is aimed at first (ruling RR-C6): a 4 and 5 miss it.
          'round 1: SL-6 at GB-2 (1)': 4,
          'round 1: SL-6 at GB-2 (2)': 5,
          'round 1: GB-5 at GB-2 (1)': 5,
          'repulse at NORF: first die': 1,
          'repulse at NORF: second die': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#72')).toEqual(['GB-2 is the Gaines: it counts as an ironclad.'])
    expect(run.state.pieces.find((p) => p.id === 'GB-2')!.type).toBe('gunboat')
    expect(run.state.named).toEqual([])
  })
})

describe('PB 23: free Confederate ironclads and rams', () => {
  it('#86 CSS Tennessee joins the defence of a port the Union attacks, shrugs off its first hit and stays afloat named', () => {
    const s = position('union-move', { CSA: [86] })
    s.reactions.CSA = [{ card: 86, at: 'ALL' }]
    const run = given(rs, s)
      .orders('union', `${ATTACK_NORFOLK}\nPOLICY ALL ON BATTLE: RETREAT`)
      .dice(
        {
          'round 1: BT-5 at SL-6 (1)': 1,
          'round 1: BT-5 at SL-6 (2)': 1,
          'round 1: GB-2 at GB-5 (1)': 1,
          'round 1: IC-1 at GB-5 (1)': 1,
          'round 1: SL-6 at GB-2 (1)': 1,
          'round 1: SL-6 at GB-2 (2)': 1,
          'round 1: GB-5 at GB-2 (1)': 1,
          'repulse at NORF: first die': 3,
          'repulse at NORF: second die': 1,
        },
        'strict',
      )
      .resolve()
    const tennessee = run.state.named.find((n) => n.card === 86)!
    expect(run.state.pieces.find((p) => p.id === tennessee.ship)).toMatchObject({ type: 'ironclad', at: 'NORF' })
    expect(tennessee).toMatchObject({ until: 'afloat', ignoresLeft: 1 })
    expect(run.state.cards.CSA.inPlay).toEqual([86])
  })
})

/** The Union attacks Norfolk with the ships given from its station, each card standing as REACT AT ALL. */
function norfolk(o: {
  usa?: number[]
  csa?: number[]
  turn?: number
  ships?: { id: string; type: 'ironclad' | 'gunboat' | 'sloop' }[]
  csaExtra?: { id: string; type: 'ironclad' | 'gunboat' }[]
  orders?: string
  dice: Record<string, number | number[]>
}) {
  const s = position('union-move', { USA: o.usa ?? [], CSA: o.csa ?? [] }, o.turn ?? 2)
  s.reactions.USA = (o.usa ?? []).map((card) => ({ card, at: 'ALL' }))
  s.reactions.CSA = (o.csa ?? []).map((card) => ({ card, at: 'ALL' }))
  const ships = o.ships ?? [{ id: 'IC-9', type: 'ironclad' }]
  for (const x of ships) s.pieces.push({ id: x.id, side: 'USA', type: x.type, at: 'NORF.BS' })
  for (const x of o.csaExtra ?? []) s.pieces.push({ id: x.id, side: 'CSA', type: x.type, at: 'NORF' })
  return given(rs, s)
    .orders('union', `MOVE ${ships.map((x) => x.id).join(',')} NORF\n${o.orders ?? 'POLICY ALL ON BATTLE: RETREAT'}`)
    .dice(o.dice, 'strict')
    .resolve()
}
const repulse = { 'repulse at NORF: first die': 2, 'repulse at NORF: second die': 1 }

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

describe('PB 23: the Union cards of a ship-versus-battery combat', () => {
  const savannah = (card: number, dice: Record<string, number>) => {
    const s = position('union-move', { USA: [card] })
    return given(rs, s)
      .orders('union', `PLAY ${card}\nMOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0`)
      .dice(
        {
          ...dice,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'assault on SAVA: Confederate die 3': 3,
          'capture of SAVA': 1,
          'speed of BR-4': 1,
          'search for BR-4 by SL-3': 6,
        },
        'strict',
      )
      .resolve()
  }

  it('#1 Damn the Torpedoes: the battery fires first, then the sloop answers with four dice', () => {
    const run = savannah(1, {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: BT-8 at SL-3 (2)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
      'round 1: SL-3 at BT-8 (3)': 1,
      'round 1: SL-3 at BT-8 (4)': 1,
    })
    expect(run.state.control.SAVA).toBe('USA')
    expect(run.state.cards.USA.deck.discards).toContain(1)
  })

  it('#1: a sloop sunk by the batteries firing first does not answer', () => {
    const s = position('union-move', { USA: [1] })
    const run = given(rs, s)
      .orders('union', 'PLAY 1\nMOVE SL-3 SAVA.BS > SAVA')
      .dice({ 'round 1: BT-8 at SL-3 (1)': 6, 'round 1: BT-8 at SL-3 (2)': 1 }, 'strict')
      .resolve()
    expect(run.state.pieces.some((p) => p.id === 'SL-3')).toBe(false)
  })

  it('#25 Black Terror: the battery holds its fire in the first round', () => {
    const run = savannah(25, { 'round 1: SL-3 at BT-8 (1)': 1, 'round 1: SL-3 at BT-8 (2)': 1 })
    expect(run.texts('10.1')[0]).toMatch(/round 1: BT-8 fires at the decoy/)
  })
})

describe("PB 23: the cards kept with a commander, and #24's landings", () => {
  it('#37 USS Hartford: with Farragut, one of his sloops shrugs off a hit in each battle', () => {
    const s = position('union-move')
    s.cards.USA.inPlay = [37]
    s.pieces.push({ id: 'SL-9', side: 'USA', type: 'sloop', at: 'NORF.BS' })
    s.commanders.FARRAGUT = ['SL-9']
    const run = given(rs, s)
      .orders('union', 'MOVE FARRAGUT NORF\nPOLICY ALL ON BATTLE: RETREAT')
      .dice(
        {
          'round 1: BT-5 at SL-9 (1)': 5,
          'round 1: BT-5 at SL-9 (2)': 1,
          'round 1: GB-2 at SL-9 (1)': 1,
          'round 1: SL-9 at GB-2 (1)': 1,
          'round 1: SL-9 at GB-2 (2)': 1,
          ...repulse,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#37')).toEqual(['SL-9 is the Hartford, with Farragut: it may shrug off one hit in this battle.'])
    expect(run.state.pieces.some((p) => p.id === 'SL-9')).toBe(true)
    expect(run.state.cards.USA.inPlay).toEqual([37])
  })

  it('#2 Porter: with a gunboat of his against batteries, two mortar dice before the fight, each 6 a battery destroyed', () => {
    const s = position('union-move')
    s.cards.USA.inPlay = [2]
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'SAVA.BS' })
    s.commanders.PORTER = ['GB-9']
    const run = given(rs, s)
      .orders('union', 'MOVE PORTER SAVA')
      .dice(
        {
          '#2 mortar boats at SAVA (1)': 6,
          '#2 mortar boats at SAVA (2)': 3,
          'assault on SAVA: Union die 1': 6,
          'assault on SAVA: Confederate die 1': 1,
          'assault on SAVA: Confederate die 2': 1,
          'capture of SAVA': 1,
          'speed of BR-4': 1,
          'search for BR-4 by GB-9': 1,
        },
        'strict',
      )
      .resolve()
    expect(run.texts('#2')).toEqual(["Porter's mortar boats fire at Savannah (6, 3): BT-8 destroyed."])
    expect(run.state.control.SAVA).toBe('USA')
  })

  it('#2 goes to the discards when every ship with Porter is lost (10.5)', () => {
    const s = position('csa-move')
    s.cards.USA.inPlay = [2]
    s.pieces.push({ id: 'GB-9', side: 'USA', type: 'gunboat', at: 'NORF.BS' })
    s.commanders.PORTER = ['GB-9']
    const run = given(rs, s)
      .orders('confederate', 'MOVE GB-2 NORF.BS')
      .dice({ 'round 1: GB-9 at GB-2 (1)': 1, 'round 1: GB-2 at GB-9 (1)': 4 })
      .resolve()
    expect(run.state.commanders).toEqual({})
    expect(run.state.cards.USA.deck.discards).toContain(2)
  })

  it("7.53: Farragut picking up all of Porter's ships takes Porter along as his subordinate", () => {
    const s = position('union-move')
    for (const id of ['SL-9', 'SL-10']) s.pieces.push({ id, side: 'USA', type: 'sloop', at: 'WGLF' })
    for (const id of ['GB-9', 'GB-10']) s.pieces.push({ id, side: 'USA', type: 'gunboat', at: 'NORL.BS' })
    s.commanders.FARRAGUT = ['SL-9', 'SL-10']
    s.commanders.PORTER = ['GB-9', 'GB-10']
    const run = given(rs, s).orders('union', 'MOVE FARRAGUT WGLF > NORL.BS > PICKUP(GB-9,GB-10)').resolve()
    expect(run.state.commanders).toEqual({ FARRAGUT: ['SL-9', 'SL-10', 'GB-9', 'GB-10'], PORTER: ['GB-9', 'GB-10'] })
    expect(run.texts('7.53')).toContain('Porter comes along with his ships as a subordinate.')
  })

  it('#24 From Sea to Shining Sea: two pawns more, for landings beyond the one a turn, each with a die more', () => {
    const s = position('union-move', { USA: [24] }, 4)
    expect(rs.parseOrders(s, 'union', 'MOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS').errors).toHaveLength(1)
    expect(rs.parseOrders(s, 'union', 'PLAY 24\nMOVE SL-3 SAVA.BS > SAVA\nMOVE SL-2 PENS.BS > PENS').errors).toEqual([])
    const run = given(rs, s)
      .orders('union', 'MOVE SL-3 SAVA.BS > SAVA\nPLAY 24')
      .dice({ 'round 1: BT-8 at SL-3 (1)': 1, 'round 1: BT-8 at SL-3 (2)': 1 })
      .resolve()
    // 1862 gives two dice; the #24 landing one more.
    expect(run.dice.rolls.filter((r) => r.label.startsWith('assault on SAVA: Union die'))).toHaveLength(3)
    expect(run.texts('7.73')[0]).toMatch(/a #24 landing/)
    expect(run.state.cards.USA.deck.discards).toContain(24)
  })
})

describe('PB 23: #54 Samuel Francis Dupont', () => {
  const attack = (s: RrState, orders: string, dice: Record<string, number>) =>
    given(rs, s)
      .orders('union', `${orders}\nMOVE SL-3 SAVA.BS > SAVA\nTACTICS SAVA 0`)
      .dice(
        {
          ...dice,
          'assault on SAVA: Union die 1': 1,
          'assault on SAVA: Confederate die 1': 2,
          'assault on SAVA: Confederate die 2': 3,
          'assault on SAVA: Confederate die 3': 3,
        },
        'strict',
      )
      .resolve()

  it('each battery rolls a die fewer in the first round; a lost assault there sends the card to the discards', () => {
    const run = attack(position('union-move', { USA: [54] }), 'PLAY 54', {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
    })
    expect(run.texts('#54')).toEqual([
      'Dupont: each battery rolls a die fewer in the first round.',
      'The assault Dupont supported fails: his card goes to the discards.',
    ])
    expect(run.state.cards.USA.deck.discards).toContain(54)
  })

  it('face up from an earlier turn it acts by itself, once a turn; #110 forces it out instead of its +1', () => {
    const s = position('union-move', { CSA: [110] })
    s.cards.USA.inPlay = [54]
    s.reactions.CSA = [{ card: 110, at: 'ALL' }]
    const run = attack(s, 'PASS', {
      'round 1: BT-8 at SL-3 (1)': 1,
      'round 1: BT-8 at SL-3 (2)': 1,
      'round 1: SL-3 at BT-8 (1)': 1,
      'round 1: SL-3 at BT-8 (2)': 1,
    })
    // Both battery dice are rolled: #110 took Dupont away before the round.
    expect(run.texts('#110')).toEqual([
      'Hulks, Rafts & Chains: #54 Samuel Francis Dupont is forced into the Union discards.',
    ])
    expect(run.state.cards.USA.inPlay).toEqual([])
  })
})
