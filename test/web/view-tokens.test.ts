// Page tokens: each reader's own, apart from his order key, kept in the log by hash only, revocable,
// ended with his seat; the observers' token works only while the observers' page is on.
import { afterEach, describe, expect, it } from 'vitest'
import { keyHash } from '../../src/engine/keys.ts'
import { viewTokenHash } from '../../src/engine/viewTokens.ts'
import { createFixtureGame, DUEL_NORTH, DUEL_SOUTH, releaseFixture, type TestApp, testApp } from '../helpers/app.ts'
import { cliSandbox } from '../helpers/cli.ts'

let app: TestApp
afterEach(() => {
  app?.cleanup()
  releaseFixture()
})

function game(): TestApp {
  app = testApp('view-tokens')
  createFixtureGame(app, 'fx1')
  return app
}

describe('page tokens', () => {
  it('a player gets a token apart from his key; the log keeps its hash only, for the moderator', () => {
    const a = game()
    const before = a.judge.load('fx1')
    const t = a.judge.issueViewToken('fx1', 'solo', { by: 'test' })
    expect(t).toMatchObject({ reader: 'solo', generation: 1, issued: true })
    // The fold is advanced on a copy: one held from before is as it was.
    expect(before.viewTokens.size).toBe(0)
    expect(a.judge.load('fx1').viewTokens.get('solo')).toMatchObject({ generation: 1, live: true })
    expect(t.token).toMatch(/^[0-9a-f]{32}$/)
    expect(t.token).not.toBe(a.judge.keyFor('fx1', 'solo'))
    const events = a.store.read('game:fx1')
    const issued = events.filter((e) => e.type === 'ViewTokenIssued')
    expect(issued.map((e) => e.data)).toEqual([
      { reader: 'solo', tokenHash: viewTokenHash(t.token), generation: 1, by: 'test' },
    ])
    expect(issued[0]!.audience).toEqual({ kind: 'moderator' })
    expect(JSON.stringify(events)).not.toContain(t.token)
    expect(a.judge.viewerOfToken('fx1', t.token)).toEqual({ kind: 'role', role: 'solo' })
    // Asked again, the working token is given again; --new replaces it.
    expect(a.judge.issueViewToken('fx1', 'solo', { by: 'test' })).toEqual({ ...t, issued: false })
    const renewed = a.judge.issueViewToken('fx1', 'solo', { renew: true, by: 'test' })
    expect(renewed.generation).toBe(2)
    expect(a.judge.viewerOfToken('fx1', t.token)).toBeNull()
    expect(a.judge.viewerOfToken('fx1', renewed.token)).toEqual({ kind: 'role', role: 'solo' })
  })

  it('neither the order key nor a made-up token nor another game opens a page', () => {
    const a = game()
    const t = a.judge.issueViewToken('fx1', 'solo', { by: 'test' })
    expect(a.judge.viewerOfToken('fx1', a.judge.keyFor('fx1', 'solo'))).toBeNull()
    expect(a.judge.viewerOfToken('fx1', '0'.repeat(32))).toBeNull()
    expect(a.judge.viewerOfToken('fx1', '')).toBeNull()
    expect(a.judge.viewerOfToken('nosuch', t.token)).toBeNull()
    expect(keyHash(t.token)).toBe(viewTokenHash(t.token))
  })

  it('a revoked token is refused; the next one issued works', () => {
    const a = game()
    const t = a.judge.issueViewToken('fx1', 'solo', { by: 'test' })
    expect(a.judge.revokeViewToken('fx1', 'solo', { reason: 'leaked', by: 'test' })).toBe(true)
    expect(a.judge.revokeViewToken('fx1', 'solo', { reason: 'again', by: 'test' })).toBe(false)
    expect(a.judge.viewerOfToken('fx1', t.token)).toBeNull()
    const next = a.judge.issueViewToken('fx1', 'solo', { by: 'test' })
    expect(next.generation).toBe(2)
    expect(a.judge.viewerOfToken('fx1', next.token)).toEqual({ kind: 'role', role: 'solo' })
    expect(() => a.judge.issueViewToken('fx1', 'nobody', { by: 'test' })).toThrow(/no reader nobody/)
  })

  it("the moderator's token reads everything; the observers' only while their page is on", () => {
    const a = game()
    const mod = a.judge.issueViewToken('fx1', 'moderator', { by: 'test' })
    const obs = a.judge.issueViewToken('fx1', 'observers', { by: 'test' })
    expect(a.judge.viewerOfToken('fx1', mod.token)).toEqual({ kind: 'moderator' })
    expect(a.judge.viewerOfToken('fx1', obs.token)).toBeNull()
    expect(a.judge.setObservers('fx1', true, 'test')).toBe(true)
    expect(a.judge.setObservers('fx1', true, 'test')).toBe(false)
    expect(a.judge.viewerOfToken('fx1', obs.token)).toEqual({ kind: 'observer' })
    a.judge.setObservers('fx1', false, 'test')
    expect(a.judge.viewerOfToken('fx1', obs.token)).toBeNull()
  })

  it("a seat's token ends with its player: ejected or replaced, the old token is refused", () => {
    app = testApp('view-tokens-duel')
    createFixtureGame(app, 'fx0')
    app.judge.createGame({ game: 'duel', ruleset: 'hidden-deck', scenario: 'duel', players: [DUEL_NORTH, DUEL_SOUTH] })
    const north = app.judge.issueViewToken('duel', 'north', { by: 'test' })
    const south = app.judge.issueViewToken('duel', 'south', { by: 'test' })
    app.judge.eject('duel', 'north', { by: 'test' })
    expect(app.judge.viewerOfToken('duel', north.token)).toBeNull()
    app.judge.replacePlayer('duel', 'south', 'new-south@example.test', { by: 'test' })
    expect(app.judge.viewerOfToken('duel', south.token)).toBeNull()
    expect(app.judge.issueViewToken('duel', 'south', { by: 'test' }).generation).toBe(2)
  })
})

describe('page tokens from the command line', () => {
  const { pbem } = cliSandbox('pbem-view-tokens-')

  it('pbem player view, player revoke-view and game set observers', () => {
    const created = pbem(
      'game',
      'create',
      'sd1',
      '--ruleset',
      'sea-devils',
      '--scenario',
      'weak-beginning',
      '--player',
      'federal=f@example.test',
      '--player',
      'confederate=c@example.test',
    )
    expect(created.status, created.stderr).toBe(0)
    const all = pbem('player', 'view', 'sd1')
    expect(all.status, all.stderr).toBe(0)
    expect(all.stdout).toMatch(/sd1 federal: page token [0-9a-f]{32} \(new, generation 1\)/)
    expect(all.stdout).toMatch(/sd1 confederate: page token [0-9a-f]{32} \(new, generation 1\)/)
    const again = pbem('player', 'view', 'sd1', 'federal')
    expect(again.stdout).toMatch(/sd1 federal: page token [0-9a-f]{32}\n/)
    expect(all.stdout).toContain(again.stdout.trim().split(' ').at(-1))
    expect(pbem('player', 'revoke-view', 'sd1', 'federal').stdout).toContain('sd1 federal: page token revoked')
    expect(pbem('player', 'view', 'sd1', 'federal').stdout).toContain('(new, generation 2)')
    const on = pbem('game', 'set', 'sd1', 'observers', 'on')
    expect(on.status, on.stderr).toBe(0)
    expect(on.stdout).toMatch(/observers' page is on\.\n {2}observers' page token [0-9a-f]{32}/)
    expect(pbem('game', 'status', 'sd1').stdout).toContain(
      "Page tokens: federal, confederate, observers; observers' page on",
    )
    const bad = pbem('game', 'set', 'sd1', 'colour', 'blue')
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('observers on|off')
  })
})
