// The fault trial (`npm run chaos`; docs/operating.md), at length: three `pbem serve` judges on one
// PostgreSQL and one mailbox, order mails for new games all along, judges killed, paused, cut off
// and PostgreSQL restarted at seeded random moments (test/helpers/chaosTrial.ts, which the trials
// tier's test/pg/chaos.test.ts runs for about a minute). Prints a summary and, last, one JSON line;
// exits non-zero on any violation.
//
//   CHAOS_MINUTES (22)      how long faults are made and games mailed
//   CHAOS_SEED (1862)       the fault moments and choices; the same seed replays the same plan
//   CHAOS_PAUSE_S           a pause's length in seconds (default 70 to 90, drawn)
//   CHAOS_GAME_EVERY_S (4)  a new game's orders mailed about this often
//   CHAOS_FAULT_GAP_S (8)   the mean gap between faults
//   CHAOS_TAKEOVER_S (60)   the judges' PBEM_TAKEOVER_SECONDS (mailbox lease, send claims)
//   CHAOS_IDLE_TX_S (60)    the database's idle_in_transaction_session_timeout (operating guide)
//   CHAOS_KEEP              set: the judges' logs are kept (their folder is printed first)
import { chaosClean, chaosFigures, chaosSummary, runChaosTrial } from '../test/helpers/chaosTrial.ts'

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback)
const MINUTES = num('CHAOS_MINUTES', 22)
const pause = process.env.CHAOS_PAUSE_S ? Number(process.env.CHAOS_PAUSE_S) : null
const TAKEOVER_S = num('CHAOS_TAKEOVER_S', 60)

async function main(): Promise<number> {
  const r = await runChaosTrial({
    seconds: MINUTES * 60,
    seed: num('CHAOS_SEED', 1862),
    pauseS: pause === null ? [70, 90] : [pause, pause],
    gameEveryS: num('CHAOS_GAME_EVERY_S', 4),
    faultGapS: num('CHAOS_FAULT_GAP_S', 8),
    takeoverS: TAKEOVER_S,
    idleTxS: num('CHAOS_IDLE_TX_S', 60),
    basePort: 21700,
    settleS: TAKEOVER_S * 3 + 300,
    keep: Boolean(process.env.CHAOS_KEEP),
  })
  const stamp = new Date().toISOString().slice(11, 19)
  for (const line of chaosSummary(r)) console.log(`[${stamp}] ${line}`)
  if (r.logTails) console.log(r.logTails)
  console.log(JSON.stringify(chaosFigures(r, MINUTES)))
  return chaosClean(r) ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    process.exit(2)
  },
)
