import { describe, expect, it } from 'vitest'
import { MODERATOR } from '../../src/games/contract.ts'
import { shuffled } from '../../src/games/kit/deck.ts'
import { LabelledDice } from '../helpers/spec.ts'
import { recruit } from '../../src/games/infernal-machine/shopActions.ts'
import { campaign, LabelHashDice, pack } from './helpers.ts'

const journeymen = [...pack.personae.values()]
  .filter((p) => p.deck === 'journeyman' && p.sides.includes('CSA'))
  .map((p) => p.id)

describe('Infernal Machine: no more Persona cards (p.13, ruling IM-56)', () => {
  it('p.13 a short pile: every removed card of the type (recycled, dead) is shuffled under it, hidden, then drawn', () => {
    // Baird is in the shop; Doyle is the last card; Snow was recycled; the rest died or were never drawn.
    const camp = campaign({ funds: 40 })
    camp.decks.journeyman = { drawPile: ['doyle'], discards: ['snow'], reshuffles: 0 }
    const dice = new LabelHashDice('deck')
    const c = { pack, dice, notes: [] as { rule: string; text: string }[] }
    expect(recruit(c, camp, 'journeyman', () => false)).toBeNull()
    const removed = journeymen.filter((id) => id !== 'doyle' && id !== 'baird')
    expect(c.notes[0]!.text).toBe(`no more journeyman cards: the ${removed.length} removed card(s) make a new deck`)
    // The shuffle is a hidden draw; replaying its recorded rolls gives the same new deck.
    const rolls = dice.rolls.filter((r) => r.label.startsWith('journeyman deck rebuilt 1'))
    expect(rolls.every((r) => r.audience.kind !== 'public')).toBe(true)
    const replay = new LabelledDice(
      rolls.map((r) => ({ label: r.label, values: r.value })),
      'strict',
    )
    const order = ['doyle', ...shuffled(removed, replay, 'journeyman deck rebuilt 1', MODERATOR)]
    const drawn = c.notes.find((n) => n.text.startsWith('Recruit from the journeyman deck'))!.text
    expect(drawn).toBe(`Recruit from the journeyman deck: drew ${order.slice(0, 2).join(', ')}; hired nobody`)
    expect(camp.decks.journeyman).toEqual({ drawPile: order.slice(2), discards: order.slice(0, 2), reshuffles: 1 })
  })

  it('p.13, p.60 a full pile is drawn as it lies: no new deck, no shuffle', () => {
    const camp = campaign({ funds: 40 })
    camp.decks.journeyman = { drawPile: ['doyle', 'snow', 'connor'], discards: [], reshuffles: 0 }
    const dice = new LabelHashDice('deck')
    recruit({ pack, dice, notes: [] }, camp, 'journeyman', () => false)
    expect(dice.rolls).toEqual([])
    expect(camp.decks.journeyman.drawPile).toEqual(['connor'])
  })
})
