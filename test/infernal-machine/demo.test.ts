// The demo (contract GameDemo) plays from its sample mails to the end of the campaign, with the
// question at the Navigation crank answered by DECIDE, and its dice verify.
import { describe, expect, it } from 'vitest'
import { verifyDice, verifyGame } from '../../src/engine/audit.ts'
import { infernalMachineFactory } from '../../src/games/infernal-machine/index.ts'
import { outboxRows } from '../helpers/app.ts'
import { playDemo } from './demoPlayer.ts'

describe('Infernal Machine demo', () => {
  it('plays the CSA campaign from the sample mails to the end of the war', async () => {
    const demo = infernalMachineFactory.demo!
    const { app, rounds } = await playDemo(infernalMachineFactory)
    try {
      // Every mail is read; the mission's first turn stops at the Navigation crank until the DECIDE mail.
      expect(rounds.every((r) => r.mails.length === 1 && r.outcomes.length === 1)).toBe(true)
      expect(rounds.slice(2, 5).map((r) => [r.outcomes[0], r.committed])).toEqual([
        ['orders-accepted', false],
        ['command', true],
        ['orders-accepted', true],
      ])
      expect(rounds.map((r) => r.label)).toContain('autumn 1861, mission turn 2')
      expect(rounds).toHaveLength(19)
      const fold = app.judge.load(demo.gameId)
      expect(fold.finished).toBe(true)
      expect(verifyGame(app.db, app.judge, demo.gameId)).toMatchObject({ ok: true, problems: [] })
      // DESIGN 5: the hidden draws (persona, Navigation and Discovery deck shuffles) are checked once
      // the game's end reveals their secret, against the commitment made at its creation.
      const dice = verifyDice(app.judge, demo.gameId)
      expect(dice.ok).toBe(true)
      // The set-up shuffles the persona decks; the training mission shuffles its two decks.
      expect(dice.lines.filter((l) => /hidden draw\(s\) reproduced$/.test(l)).length).toBe(2)
      expect(dice.lines).toContain(
        'hidden draws: the secret revealed at the end of the game matches the commitment made at its creation',
      )
      const last = outboxRows(app)
        .filter((r) => r.recipient === 'captain@example.test')
        .at(-1)!
      expect(last.mail.text).toContain('THE GAME IS OVER')
      expect(last.mail.text).toMatch(/CAMPAIGN LEDGER, spring 1865 at norfolk/)
      expect(fold.ruleset.outcome(fold.state)?.summary).toMatch(/^the war ends \([a-z ]+\): funds \$\d+/)
    } finally {
      app.cleanup()
    }
  })

  it('the example order lines `pbem serve` prints are accepted as written', () => {
    const demo = infernalMachineFactory.demo!
    const rules = infernalMachineFactory.create(infernalMachineFactory.defaultPack())
    const s = rules.setup(demo.scenario, {}, infernalMachineFactory.defaultPack(), {
      roll: () => 1,
      draw: () => ({ value: 1, index: 0, hidden: true }),
    })
    const parsed = rules.parseOrders(s, demo.example.role, demo.example.lines.join('\n'))
    expect(parsed.errors).toEqual([])
    expect(parsed.normalised).toEqual(demo.example.lines)
    expect(demo.players.map((p) => p.role)).toEqual(rules.roles)
  })
})
