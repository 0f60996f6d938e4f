// `pbem secret status|export`: where the server secret lives, and moving it out of the database;
// both on the judge's async handle.
import { resolve } from 'node:path'
import type { Command } from 'commander'
import type { App } from './app.ts'
import type * as DepsModule from './deps.ts'

type Deps = typeof DepsModule

export function registerSecretCommands(
  program: Command,
  withApp: (fn: (app: App) => unknown) => Promise<void>,
  d: () => Deps,
): void {
  const secret = program
    .command('secret')
    .description('the server secret every player and moderator key is derived from')

  secret
    .command('status')
    .description(
      'where the secret is kept and whether it is the one the log recorded (its fingerprint, never the secret)',
    )
    .action(() =>
      withApp(async (app) => {
        const check = await d().checkServerSecretAhead(app.db, app.jobsDb, d().streamAhead(app.judge, app.jobsDb))
        console.log(`${check.ok ? 'OK' : 'FAILED'}: ${check.text}`)
        if (!check.ok) process.exitCode = 1
      }),
    )

  secret
    .command('export')
    .description('move the secret out of the database into a new file (mode 0600); it never overwrites a file')
    .requiredOption('--to <file>', 'the new file')
    .action((o) =>
      withApp(async (app) => {
        const file = resolve(o.to)
        const r = await d().exportServerSecretAhead(app.db, app.jobsDb, file)
        console.log(
          `The server secret (fingerprint ${r.fingerprint}) is now in ${file} (mode 0600) and no longer in the database.`,
        )
        if (r.residue) console.log(r.residue)
        else if (!r.walEmptied)
          console.log(
            'Another process holds the database open: an old copy may stay in its write-ahead log until that process stops.',
          )
        console.log(
          `From now on set PBEM_SERVER_SECRET_FILE=${file} for every pbem command and for pbem serve. Without it the judge stops with an error rather than make a new secret, which would change every player key.`,
        )
      }),
    )
}
