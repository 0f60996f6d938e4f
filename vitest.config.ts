import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import TiersSlowestFirst from './test/helpers/sequencer.ts'
import { checkTiers, type Tier } from './test/helpers/tiers.ts'

// The suite in tiers (docs/testing.md). Files stay where they are; a tier is a list of paths and
// globs here. Every test file must land in some tier: the config refuses to load otherwise, so a
// new file is never silently left out of `npm test`.

/** Kill, takeover and fault trials: judges killed, paused and cut off on real mail and PostgreSQL. */
const trials = ['test/e2e/crash.test.ts', 'test/pg/chaos.test.ts', 'test/pg/crash.test.ts', 'test/pg/takeover.test.ts']

/** A real Postfix and Dovecot on loopback (scripts/mailstack.sh), one stack per file. */
const mail = [
  'test/e2e/game-by-mail.test.ts',
  'test/e2e/imap-intake.test.ts',
  'test/e2e/oauth-mail.test.ts',
  'test/e2e/serve-mail.test.ts',
  'test/e2e/smtp-transport.test.ts',
]

/**
 * Files whose cases run on both engines (test/pg/engines.ts): the judge tier runs their SQLite half,
 * the pg tier their PostgreSQL half.
 */
const bothEngines = [
  'test/engine/fold-advance.test.ts',
  'test/engine/fold-cache.test.ts',
  'test/engine/hidden-draws.test.ts',
  'test/engine/judge.test.ts',
  'test/engine/order-limits.test.ts',
  'test/engine/packs.test.ts',
  'test/engine/readjudicate.test.ts',
  'test/engine/report-turns.test.ts',
  'test/engine/roles-for.test.ts',
  'test/engine/secret.test.ts',
  'test/engine/validate.test.ts',
  'test/engine/zones.test.ts',
  'test/golden/campaign.test.ts',
  'test/golden/weak-beginning.test.ts',
  'test/log/async/store.test.ts',
  'test/log/async/verify.test.ts',
  'test/log/repos/**/*.test.ts',
  'test/mail/imap-lease.test.ts',
  'test/mail/intake-batch.test.ts',
  'test/mail/intake-batch-moderator.test.ts',
  'test/mail/outbound.test.ts',
  'test/mail/outbox-claim.test.ts',
  'test/mail/outbox-parts.test.ts',
  'test/schedule/campaign.test.ts',
  'test/schedule/clock-model.test.ts',
  'test/schedule/last-tick.test.ts',
  'test/schedule/lifecycle.test.ts',
  'test/schedule/moderator.test.ts',
  'test/schedule/races.test.ts',
  'test/schedule/tick-batched.test.ts',
  'test/schedule/tick-yielding.test.ts',
  'test/web/engines.test.ts',
]

/** PostgreSQL only: the run's one server (test/pg/globalSetup.ts), a fresh database per test. */
const pg = [
  'test/pg/**/*.test.ts',
  'test/log/store.test.ts',
  'test/log/verify.test.ts',
  'test/log/async/schema-parity.test.ts',
  'test/log/async/restart.test.ts',
]

/** A judge on SQLite in this process, the CLI as a child process, Chromium for the map pictures. */
const judge = [
  'test/sea-devils/house.test.ts',
  'test/sea-devils/house-cli.test.ts',
  'test/engine/house-batched.test.ts',
  'test/engine/house-failures.test.ts',
  'test/engine/house-standby.test.ts',
  'test/engine/house-standby-cli.test.ts',
  'test/engine/house-strength.test.ts',
  'test/sea-devils/house-sweep.test.ts',
  'test/rebel-raiders/house-sweep.test.ts',
  'test/river-coastal/house-sweep.test.ts',
  'test/river-coastal/house.test.ts',
  'test/rebel-raiders/house.test.ts',
  'test/games/receipt.test.ts',
  'test/games/check-agrees.test.ts',
  'test/games/numbers.test.ts',
  'test/mail/check-cli.test.ts',
  'test/mail/leftovers.test.ts',
  'test/mail/drop-no-sender.test.ts',
  'test/cli/**/*.test.ts',
  'test/web/**/*.test.ts',
  'test/e2e/smtp-listener.test.ts',
  'test/engine/dice.test.ts',
  'test/engine/report-batch.test.ts',
  'test/games/conformance.test.ts',
  'test/games/questions.test.ts',
  'test/games/question-ids.test.ts',
  'test/infernal-machine/by-mail-newcomer.test.ts',
  'test/infernal-machine/by-mail-year.test.ts',
  'test/infernal-machine/by-mail.test.ts',
  'test/infernal-machine/golden-game.test.ts',
  'test/infernal-machine/check-cli.test.ts',
  'test/infernal-machine/demo.test.ts',
  'test/infernal-machine/pack-replacement.test.ts',
  'test/infernal-machine/recruit-keep.test.ts',
  'test/log/bench.test.ts',
  'test/log/db.test.ts',
  'test/mail/auth.test.ts',
  'test/mail/bounces.test.ts',
  'test/mail/commands.test.ts',
  'test/mail/corpus40.test.ts',
  'test/mail/drain-groups.test.ts',
  'test/mail/dropFolder.test.ts',
  'test/mail/game-lookup.test.ts',
  'test/mail/hostile-intake.test.ts',
  'test/mail/hostile.test.ts',
  'test/mail/imap-batch.test.ts',
  'test/mail/intake-failures.test.ts',
  'test/mail/intake-rules.test.ts',
  'test/mail/intake.test.ts',
  'test/mail/judge-name.test.ts',
  'test/mail/mail-parts.test.ts',
  'test/mail/pacing.test.ts',
  'test/mail/replies.test.ts',
  'test/rebel-raiders/bot-game.test.ts',
  'test/rebel-raiders/by-mail.test.ts',
  'test/rebel-raiders/fog.test.ts',
  'test/rebel-raiders/map.test.ts',
  'test/reports/**/*.test.ts',
  'test/river-coastal/balloon-mail.test.ts',
  'test/river-coastal/bluffs-to-the-end.test.ts',
  'test/river-coastal/by-mail.test.ts',
  'test/river-coastal/captains-mail.test.ts',
  'test/river-coastal/fire-mail.test.ts',
  'test/river-coastal/fire-rafts.test.ts',
  'test/river-coastal/mortar-flotilla.test.ts',
  'test/river-coastal/retrieve-mail.test.ts',
  'test/river-coastal/side-captains.test.ts',
  'test/river-coastal/golden-game.test.ts',
  'test/river-coastal/opening-mail.test.ts',
  'test/schedule/ten-thousand.test.ts',
  'test/sea-devils/echo-roundtrip.test.ts',
  'test/sea-devils/fog-all-scenarios.test.ts',
  'test/sea-devils/fog-of-war.test.ts',
  'test/sea-devils/help-map.test.ts',
  'test/sea-devils/scenarios-engine.test.ts',
  'test/sea-devils/whose-view.test.ts',
]

/** Pure code: rules, kit, orders, packs, parsers. No database, server, browser or child process. */
const unit = [
  'test/arrows/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/e2e/mail-config.test.ts',
  'test/games/**/*.test.ts',
  'test/infernal-machine/**/*.test.ts',
  'test/kit/**/*.test.ts',
  'test/log/canonical.test.ts',
  'test/log/schemas.test.ts',
  'test/log/sql-placement.test.ts',
  'test/mail/inbound.test.ts',
  'test/mail/oauth.test.ts',
  'test/mail/reading.test.ts',
  'test/orders/**/*.test.ts',
  'test/rebel-raiders/**/*.test.ts',
  'test/river-coastal/**/*.test.ts',
  // Pure: the echo property generates and reads order mails without a judge.
  'test/river-coastal/echo-roundtrip.test.ts',
  'test/schedule/calendar.test.ts',
  'test/sea-devils/**/*.test.ts',
]

// A file in a slower tier is left out of unit even when unit's globs cover its folder.
const tiers: Tier[] = [
  { name: 'unit', include: unit, exclude: [...judge, ...bothEngines, ...pg, ...mail, ...trials] },
  { name: 'judge', include: [...judge, ...bothEngines] },
  { name: 'pg', include: [...pg, ...bothEngines], exclude: trials },
  { name: 'mail', include: mail },
  { name: 'trials', include: trials },
]
checkTiers(tiers, 'test')

const pgSetup = './test/pg/globalSetup.ts'

// Commands the tests start run the sources as they are, never a dist/ built before a change; CI,
// whose npm ci has just built dist/ from these sources, runs that build (PBEM_TEST_COMPILED=1).
const env = { PBEM_FROM_SOURCE: process.env.PBEM_TEST_COMPILED === '1' ? '0' : '1' }

export default defineConfig({
  test: {
    testTimeout: 120000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default leaves one CPU to itself, which on a two-CPU CI machine runs the files one at a
    // time; the main process is idle while workers run, so use every CPU.
    maxWorkers: availableParallelism(),
    // SQLite commits without waiting for the disk (PBEM_SQLITE_SYNC, src/log/db.ts): still safe
    // against any process being killed, which is all a test does, as the tests' PostgreSQL runs with
    // fsync off; the kill trials keep the judge's default.
    env: { ...env, PBEM_SQLITE_SYNC: 'normal' },
    // FC_SEED replays a failing property test (docs/testing.md).
    setupFiles: ['./test/helpers/properties.ts'],
    sequence: { sequencer: TiersSlowestFirst },
    projects: tiers.map(({ name, include, exclude = [] }) => ({
      extends: true,
      test: {
        name,
        include,
        exclude,
        // Unit files share their worker's modules instead of importing the games afresh per file
        // (most of their time was spent importing); they hold no state outside their own tests.
        ...(name === 'unit'
          ? { isolate: false, setupFiles: ['./test/helpers/properties.ts', './test/helpers/unitGuard.ts'] }
          : {}),
        // So do the judge and pg files (a fresh worker spent 2-3 s importing the judge before each
        // file's first test); what a file registers for itself is removed after it (sharedModules.ts).
        ...(name === 'judge' || name === 'pg'
          ? { isolate: false, setupFiles: ['./test/helpers/properties.ts', './test/helpers/sharedModules.ts'] }
          : {}),
        provide: { engines: name === 'judge' ? ['sqlite'] : name === 'pg' ? ['postgres'] : [] },
        ...(name === 'pg' || name === 'trials' ? { globalSetup: [pgSetup] } : {}),
        ...(name === 'trials' ? { env: { ...env, PBEM_SQLITE_SYNC: 'full' } } : {}),
      },
    })),
  },
})
