// SQL stays in the log: outside src/log no source file prepares or runs a statement, sets a pragma,
// reuses the statement cache or asks which engine it is on. The engine works through the
// repositories in src/log/repos, and mail, schedule, reports and the CLI through the engine.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SRC = join(ROOT, 'src')

/** Folders (under src/) whose files may write SQL. */
const ALLOWED = ['log']

const DIRECT: { what: string; pattern: RegExp }[] = [
  { what: 'prepares a statement', pattern: /\.prepare\s*(<[^>]*>)?\s*\(/ },
  // A regular expression's exec takes a variable; a database's takes SQL text or a handle named so.
  { what: 'runs SQL with exec', pattern: /(\.exec\s*\(\s*[`'"])|(\b\w*(db|Db|database|Database|lite)\s*\.exec\s*\()/ },
  { what: 'sets a pragma', pattern: /\.pragma\s*\(/ },
  { what: 'asks which engine it is on', pattern: /\b(engineOfDatabase|sqliteOnly)\s*\(/ },
  { what: 'reuses the statement cache', pattern: /log\/statementCache(\.ts)?['"]/ },
]

/** Each line of `text` that reaches the database directly, with what it does. */
function directSql(text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, i) => {
    for (const { what, pattern } of DIRECT) if (pattern.test(line)) found.push(`${i + 1}: ${what}: ${line.trim()}`)
  })
  return found
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )
}

describe('SQL only where it is allowed', () => {
  it('the detector finds statements, exec, pragmas and engine questions, and passes regular expressions', () => {
    expect(directSql(`db.prepare('SELECT 1').get()`)).toHaveLength(1)
    expect(directSql(`j.o.db\n  .prepare<[string], number>(\n 'SELECT 1')`)).toHaveLength(1)
    expect(directSql('db.exec(`VACUUM FULL settings`)')).toHaveLength(1)
    expect(directSql('app.db.exec(migration)')).toHaveLength(1)
    expect(directSql(`lite.pragma('secure_delete = ON')`)).toHaveLength(1)
    expect(directSql(`if (engineOfDatabase(db) === 'postgres') {`)).toHaveLength(1)
    expect(directSql(`import { statement } from '../log/statementCache.ts'`)).toHaveLength(1)
    expect(directSql('const m = /^(\\d+)h$/.exec(text.trim())')).toEqual([])
    expect(directSql('for (let m = marker.exec(text); m; m = marker.exec(text)) {')).toEqual([])
    expect(directSql(`findSecret(o.db, game, 'dice', 1)`)).toEqual([])
  })

  it('no file outside src/log reaches the database directly', () => {
    const offenders: string[] = []
    for (const file of sources(SRC)) {
      const path = relative(SRC, file).split('\\').join('/')
      if (ALLOWED.some((folder) => path.startsWith(`${folder}/`))) continue
      for (const hit of directSql(readFileSync(file, 'utf8'))) offenders.push(`src/${path}:${hit}`)
    }
    expect(offenders, 'move these statements into a repository in src/log/repos').toEqual([])
  })
})
