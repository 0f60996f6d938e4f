// The defender's tactic in a port (RB 10.12), a round against batteries alone (10.25), and the cards
// that act in a naval combat (PB 23): named ships, free Confederate ironclads, rams, breakdowns and
// the ship-versus-battery cards. Each card is named by its number; dice are forced by label.
import { describe, expect, it } from 'vitest'
import { given } from '../helpers/spec.ts'
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
          // As hard to sink as the battery, the Gaines is aimed at first (the default aim): a 4 and 5 miss it.
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
