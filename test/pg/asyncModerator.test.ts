// The moderator's command-line commands that write (pause, resume, extend, deadline, adjudicate,
// preview, decide, standby, set) run on the judge's async handle, their writes in one batch: on
// PostgreSQL none of them sends a statement on the synchronous driver, and each writes what the
// judge's synchronous call writes (the same events hash for hash, the same mail, the same clock row).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adjudicateGame,
  decideFor,
  extendGame,
  type Outcome,
  pauseGame,
  previewGame,
  readjudicateGame,
  resumeGame,
  setGameDeadline,
  setGameSchedule,
  setGameSetting,
  setGameStandby,
} from '../../src/cli/moderatorActions.ts'
import {
  ejectPlayer,
  rekeyPlayer,
  replacePlayer,
  revokeView,
  setPlayerAbsence,
  setZone,
  viewTokens,
} from '../../src/cli/playerActions.ts'
import { verifyGame } from '../../src/engine/audit.ts'
import { parseLocal } from '../../src/engine/clock/calendar.ts'
import { readjudicate } from '../../src/engine/readjudicate.ts'
import { verifyGameAhead } from '../../src/engine/verifyAhead.ts'
import { serverSecret } from '../../src/engine/keys.ts'
import type { HousePlayer } from '../../src/games/contract.ts'
import { createFixtureDuel, outboxRows, registerFixture, testApp, type TestApp } from '../helpers/app.ts'
import { HOUSED, registerHousedDuel } from '../engine/housedFixture.ts'
import { clockProblems } from '../helpers/clock.ts'
import { bothEngines } from './engines.ts'
import { synchronousCalls } from './syncCalls.ts'

const [engine] = bothEngines()
const HOUSE: HousePlayer = {
  orders: (_view, _role, _level, choice) => `DRAW ${choice.below(3, 'how many') + 1}`,
  answer: (_view, q) => q.defaultOption,
}
registerHousedDuel(() => HOUSE)

const BY = 'moderator (cli)'
const G = 'md1'
/** A file of north's amended orders for resolution 1, as `--amend 1:north=<file>` reads it. */
function amended(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pbem-amend-')), 'north.txt')
  writeFileSync(file, 'DRAW 3')
  return file
}
const READJ = {
  game: G,
  fromPoint: 1,
  reason: 'a misread order',
  amendments: [{ point: 1, role: 'north', text: 'DRAW 3' }],
}

interface Case {
  name: string
  /** What the game has been through before the command (the synchronous way). */
  before?: (app: TestApp) => void
  /** The judge's synchronous call the command makes. */
  sync: (app: TestApp) => void
  batched: (app: TestApp) => Promise<Outcome>
  lines: (string | RegExp)[]
  failed?: boolean
  /** The duel of a game with a house player (for the standby). */
  housed?: boolean
  /** The command appends nothing to the game (a preview, a refusal). */
  appendsNothing?: boolean
}

const CASES: Case[] = [
  {
    name: 'pause',
    sync: (app) => app.judge.pause(G, { by: BY, reason: 'a holiday' }),
    batched: (app) => pauseGame(app, G, { reason: 'a holiday' }),
    lines: [`${G}: paused`],
  },
  {
    name: 'resume --hours 48',
    before: (app) => app.judge.pause(G, { by: BY }),
    sync: (app) => app.judge.resume(G, { by: BY, hours: 48 }),
    batched: (app) => resumeGame(app, G, { hours: '48' }),
    lines: [`${G}: resumed; deadline 2026-03-04 12:00 UTC (2026-03-04 07:00 EST America/New_York)`],
  },
  {
    name: 'extend 24 --point 1',
    sync: (app) => app.judge.extend(G, 24, { by: BY, point: 1, reason: 'late mail' }),
    batched: (app) => extendGame(app, G, '24', { point: '1', reason: 'late mail' }),
    lines: [`${G}: deadline now 2026-03-06 12:00 UTC (2026-03-06 07:00 EST America/New_York)`],
  },
  {
    name: "deadline, in the game's zone",
    sync: (app) => app.judge.setDeadline(G, parseLocal('2026-03-10 18:00', 'America/New_York'), { by: BY }),
    batched: (app) => setGameDeadline(app, G, '2026-03-10 18:00', {}),
    lines: [`${G}: deadline now 2026-03-10 22:00 UTC (2026-03-10 18:00 EDT America/New_York)`],
  },
  {
    name: 'adjudicate --force, the resolution and its reports',
    before: (app) => app.judge.submitOrders(G, 'north', 'DRAW 2'),
    sync: (app) => app.judge.adjudicate(G, { force: true, by: BY }),
    batched: (app) => adjudicateGame(app, G, { force: true }),
    lines: [/^md1: .+ adjudicated$/],
  },
  {
    name: 'preview, mailed to the moderator',
    before: (app) => app.judge.submitOrders(G, 'north', 'DRAW 1'),
    sync: (app) => app.judge.preview(G, {}),
    batched: (app) => previewGame(app, G, {}),
    lines: [/^md1: preview of .+ mailed to mod@example\.test$/],
    appendsNothing: true,
  },
  {
    name: 'decide, refused: no such decision (exit code 1)',
    sync: (app) => app.judge.decide(G, 'north', 'd9', 'yes'),
    batched: (app) => decideFor(app, G, 'north', 'd9', 'yes'),
    lines: [/^not recorded: /],
    failed: true,
    appendsNothing: true,
  },
  {
    name: 'standby house:cautious',
    housed: true,
    sync: (app) => app.judge.setStandby(G, 'house:cautious', { by: BY }),
    batched: (app) => setGameStandby(app, G, 'house:cautious'),
    lines: [`Game ${G}: the standby is house:cautious.`],
  },
  {
    name: 'set observers on, with its token',
    sync: (app) => {
      app.judge.setObservers(G, true, BY)
      app.judge.issueViewToken(G, 'observers', { by: BY })
    },
    batched: (app) => setGameSetting(app, G, 'observers', 'on'),
    lines: [`Game ${G}: the observers' page is on.`, /^ {2}observers' page token \S+ \(pbem player view md1/],
  },
  {
    name: 'schedule set --rule default=48h --reschedule',
    sync: (app) => app.judge.setSchedule(G, { rules: { default: '48h' } }, { by: BY, reschedule: true }),
    batched: (app) =>
      setGameSchedule(app, G, { rules: { default: '48h' } }, { reschedule: true }, (s) => [JSON.stringify(s.rules)]),
    lines: ['{"default":{"hours":48}}'],
  },
  {
    name: 'readjudicate --commit, with amended orders',
    before: (app) => {
      app.judge.submitOrders(G, 'north', 'DRAW 1')
      app.judge.adjudicate(G, { force: true, by: BY })
    },
    sync: (app) => readjudicate(app.judge, READJ, true),
    batched: (app) =>
      readjudicateGame(app, G, {
        fromTurn: '1',
        reason: READJ.reason,
        amend: [`1:north=${amended()}`],
        commit: true,
      }),
    lines: [
      /^==== north ====\n/,
      /^==== south ====\n/,
      /^==== moderator ====\n/,
      '1 resolution(s) change.',
      'Recorded. verify before: OK; after: OK',
    ],
  },
  {
    name: 'player rekey',
    sync: (app) => app.judge.rekey(G, 'north', 'lost'),
    batched: (app) => rekeyPlayer(app, G, 'north', 'lost'),
    lines: [/^md1 north: new key \S+ \(mailed to the player of record\)$/],
  },
  {
    name: 'player replace, by a person',
    sync: (app) => app.judge.replacePlayer(G, 'south', 'new@example.test', { by: BY, name: 'New' }),
    batched: (app) => replacePlayer(app, G, 'south', 'new@example.test', { name: 'New' }),
    lines: [/^md1 south: now new@example\.test, key \S+ \(mailed\)$/],
  },
  {
    name: 'player replace, by the house, whose orders are filed in the same batch',
    housed: true,
    sync: (app) => app.judge.replacePlayer(G, 'south', 'house:cautious', { by: BY }),
    batched: (app) => replacePlayer(app, G, 'south', 'house:cautious', {}),
    lines: ['md1 south: now played by the house (cautious)'],
  },
  {
    name: 'player eject',
    sync: (app) => app.judge.eject(G, 'south', { by: BY, reason: 'gone' }),
    batched: (app) => ejectPlayer(app, G, 'south', { reason: 'gone' }),
    lines: ['md1 south: vacant'],
  },
  {
    name: 'player zone',
    sync: (app) => app.judge.setPlayerZone(G, 'north', 'Europe/London'),
    batched: (app) => setZone(app, G, 'north', 'Europe/London'),
    lines: [/Europe\/London/],
  },
  {
    name: 'player absence',
    sync: (app) => app.judge.setAbsence(G, 'north', '2026-03-03', '2026-03-04', { by: 'moderator' }),
    batched: (app) => setPlayerAbsence(app, G, 'north', '2026-03-03', '2026-03-04'),
    lines: [/./],
  },
  {
    name: 'player view --new, every player',
    sync: (app) => {
      for (const r of ['north', 'south']) app.judge.issueViewToken(G, r, { renew: true, by: BY })
    },
    batched: (app) => viewTokens(app, G, undefined, { new: true }),
    lines: [/^md1 north: page token \S+ \(new, generation 1\)/, /^md1 south: page token \S+ \(new, generation 1\)/],
  },
  {
    name: 'player revoke-view',
    before: (app) => app.judge.issueViewToken(G, 'north', { by: BY }),
    sync: (app) => app.judge.revokeViewToken(G, 'north', { reason: 'leaked', by: BY }),
    batched: (app) => revokeView(app, G, 'north', 'leaked'),
    lines: ['md1 north: page token revoked'],
  },
]

describe('the moderator’s command-line commands on the async handle', () => {
  let apps: TestApp[] = []
  beforeEach(() => {
    apps = []
  })
  afterEach(() => {
    for (const a of apps) a.cleanup()
  })

  /** The game after `c` one way or the other, on a fresh judge. */
  async function ranOnce(c: Case, batched: boolean) {
    const app = testApp('async-moderator', { database: engine!.app()!, serverSecret: 'ab'.repeat(32) })
    apps.push(app)
    registerFixture()
    serverSecret(app.db)
    createFixtureDuel(app, G, c.housed ? { ruleset: HOUSED } : {})
    c.before?.(app)
    const mailBefore = outboxRows(app).length
    const versionBefore = app.store.version(`game:${G}`)
    const sync = synchronousCalls(engine!.name)
    let outcome: Outcome | null = null
    try {
      if (batched) outcome = await c.batched(app)
      else c.sync(app)
    } finally {
      const calls = sync.stop()
      if (batched) expect(calls).toEqual([])
    }
    const verified = verifyGame(app.db, app.judge, G)
    expect(verified.ok).toBe(true)
    // The verification readjudicate prints, read on the async handle, finds what the synchronous one finds.
    expect(await verifyGameAhead(app.jobsDb, app.judge, G)).toEqual(verified)
    expect(clockProblems(app.judge)).toEqual([])
    expect(app.store.version(`game:${G}`) > versionBefore).toBe(!c.appendsNothing)
    return {
      outcome,
      events: app.store.read(`game:${G}`).map((e) => ({ type: e.type, data: e.data, hash: e.hash })),
      mail: outboxRows(app)
        .slice(mailBefore)
        .map((m) => ({ to: m.recipient, kind: m.kind, subject: m.mail.subject, text: m.mail.text })),
      clock: app.judge.clock.due(Date.parse('2100-01-01')),
    }
  }

  it.each(CASES.map((c) => [c.name, c] as const))('%s: one batch, as the synchronous call writes', async (_, c) => {
    const batched = await ranOnce(c, true)
    const sync = await ranOnce(c, false)
    const { outcome, ...written } = batched
    expect(outcome!.lines).toHaveLength(c.lines.length)
    c.lines.forEach((l, i) =>
      typeof l === 'string' ? expect(outcome!.lines[i]).toBe(l) : expect(outcome!.lines[i]).toMatch(l),
    )
    expect(outcome!.failed).toBe(c.failed ?? false)
    expect(written).toEqual({ events: sync.events, mail: sync.mail, clock: sync.clock })
  })

  it('a command refused leaves nothing written (pause with a stale --point)', async () => {
    const app = testApp('async-moderator', { database: engine!.app()! })
    apps.push(app)
    createFixtureDuel(app, G)
    const version = app.store.version(`game:${G}`)
    const mail = outboxRows(app).length
    await expect(pauseGame(app, G, { point: '2' })).rejects.toThrow()
    expect(app.store.version(`game:${G}`)).toBe(version)
    expect(outboxRows(app).length).toBe(mail)
  })

  it('two writers at once: the one behind decides again on the game the other left', async () => {
    const app = testApp('async-moderator', { database: engine!.app()! })
    apps.push(app)
    createFixtureDuel(app, G)
    await Promise.all([extendGame(app, G, '24', {}), extendGame(app, G, '12', {})])
    const extended = app.store.read(`game:${G}`).filter((e) => e.type === 'DeadlineSet')
    // The opening deadline and both moves, the later chained after the earlier.
    expect(extended.length).toBe(3)
    expect(app.judge.load(G).deadline!.deadline).toBe('2026-03-07T00:00:00.000Z')
    expect(verifyGame(app.db, app.judge, G).ok).toBe(true)
    expect(clockProblems(app.judge)).toEqual([])
  })
})
