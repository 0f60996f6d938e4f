// The fault trial (test/helpers/chaosTrial.ts, `npm run chaos` at length) at the size of the suite:
// three `pbem serve` judges on one PostgreSQL of the trial's own (it is restarted, so never the run's
// shared one) and one mailbox on a real Postfix and Dovecot, a new game's orders mailed every few
// seconds for 75 s, judges killed and started again, one paused longer than its mailbox lease, every
// judge's connection cut and PostgreSQL restarted once. The first faults are owed (two kills, a
// pause, a cut) and the restart falls inside the window, which is stretched until they have all
// happened, so each kind is made on every run whatever the machine's speed; the rest are drawn
// from the seed. Then every order mail must be filed once, every game resolved once, every mail
// delivered once, no judge may have stopped by itself and `pbem game verify --all` must be clean.
import { expect, it } from 'vitest'
import { chaosSummary, runChaosTrial } from '../helpers/chaosTrial.ts'

const stamp = () => new Date().toISOString().slice(11, 19)

it('three judges under kills, a pause, cut connections and a PostgreSQL restart: every order filed once, every game resolved once, every mail delivered once', async () => {
  // The trial's lines, printed together at the end (the faults, with their times).
  const lines: string[] = []
  const trial = runChaosTrial({
    seconds: 75,
    seed: 1862,
    pauseS: [15, 20],
    gameEveryS: 4,
    faultGapS: 6,
    // The lease is shorter than a pause: a paused judge's mailbox is taken over while it sleeps.
    takeoverS: 12,
    idleTxS: 10,
    basePort: 21800,
    settleS: 240,
    // CHAOS_KEEP=1 keeps the judges' logs (the folder is the first line printed).
    keep: Boolean(process.env.CHAOS_KEEP),
    say: (line) => lines.push(`[${stamp()}] ${line}`),
  })
  const r = await trial.catch((e) => {
    console.log(lines.join('\n'))
    throw e
  })
  console.log([...lines, ...chaosSummary(r), r.logTails].join('\n'))
  expect(r.problems).toEqual([])
  expect({
    lost: r.lost,
    filedTwice: r.filedTwice,
    resolvedTwice: r.resolvedTwice,
    deliveredTwice: r.deliveredTwice,
    undelivered: r.undelivered,
    selfExits: r.faults.selfExits,
    verify: r.verify,
    unresolved: r.games - r.resolutions,
  }).toEqual({
    lost: 0,
    filedTwice: 0,
    resolvedTwice: 0,
    deliveredTwice: 0,
    undelivered: 0,
    selfExits: 0,
    verify: 'clean',
    unresolved: 0,
  })
  // The faults were made, and work was done under them.
  expect(r.faults.kills).toBeGreaterThanOrEqual(2)
  expect(r.faults.pauses).toBeGreaterThanOrEqual(1)
  expect(r.faults.terminations).toBeGreaterThanOrEqual(1)
  expect(r.faults.pgRestarts).toBe(1)
  expect(r.resolutions).toBeGreaterThanOrEqual(3)
  expect(r.deliveries).toBeGreaterThanOrEqual(r.resolutions)
}, 900_000)
