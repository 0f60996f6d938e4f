// `pbem db copy`: moving a whole judge between SQLite and PostgreSQL, or into a new SQLite file as
// a backup (src/log/copy.ts does the work through the async store, reached through the engine). It
// opens no judge, so it runs whichever engine the rest of the judge supports yet.
import { join, resolve } from 'node:path'
import type { Command } from 'commander'
import { fail } from './options.ts'

/** The database the judge itself uses: PBEM_DATABASE_URL when set, else judge.sqlite in the data directory. */
export function configuredDatabase(dataDir: string | undefined, env: NodeJS.ProcessEnv): string {
  if (env.PBEM_DATABASE_URL) return env.PBEM_DATABASE_URL
  return join(resolve(dataDir ?? env.PBEM_DATA_DIR ?? 'data'), 'judge.sqlite')
}

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description("the judge's database as a whole")
  db.command('copy')
    .description(
      'copy every table of the judge database into an empty SQLite file or PostgreSQL database, then check the copy (rows read back, event chains verified)',
    )
    .requiredOption('--to <target>', 'a new SQLite file, or postgres://user:password@host:port/database (empty)')
    .option(
      '--from <source>',
      "the judge database to copy (default: PBEM_DATABASE_URL, else the data directory's judge.sqlite)",
    )
    .action(async (o: { to: string; from?: string }) => {
      const { copyJudge } = await import('../engine/databaseCopy.ts')
      const from = o.from ?? configuredDatabase(program.opts().data, process.env)
      const started = Date.now()
      let report: Awaited<ReturnType<typeof copyJudge>>
      try {
        report = await copyJudge(from, o.to)
      } catch (e) {
        return fail((e as Error).message)
      }
      console.log(`Copied ${report.from}`)
      console.log(`    to ${report.to} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      const width = Math.max(...report.tables.map((t) => t.table.length))
      for (const t of report.tables) {
        const state = t.same ? 'OK' : `MISMATCH: ${t.copied} row(s) read back, or their contents differ`
        console.log(`  ${t.table.padEnd(width)} ${String(t.rows).padStart(8)} row(s)  ${state}`)
      }
      const c = report.chain
      if (c.ok) console.log(`event chains on the target: OK (${c.streams} stream(s), ${c.events} event(s))`)
      else {
        console.log(`event chains on the target: FAILED`)
        for (const f of c.failures) console.log(`  ${f.stream}: at version ${f.version}: ${f.reason}`)
        if (!report.sourceChain.ok) console.log('  (the source fails the same check: pbem game verify --all there)')
      }
      if (!report.ok) {
        console.log('The copy does not match its source: do not use it.')
        process.exitCode = 1
      }
    })
}
