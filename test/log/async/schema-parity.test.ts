// The SQLite and PostgreSQL migration sets must give the same schema: tables, columns with their
// types brought to one vocabulary, primary keys, unique constraints and indexes.
import { expect, it } from 'vitest'
import { openAsyncDatabase } from '../../../src/log/async/open.ts'
import { connectPg } from '../../pg/pgstack.ts'

type Schema = Record<string, { columns: string[]; primaryKey: string[]; unique: string[]; indexes: string[] }>

const TYPES: Record<string, string> = {
  integer: 'integer',
  bigint: 'integer',
  int: 'integer',
  text: 'text',
  blob: 'bytes',
  bytea: 'bytes',
  real: 'real',
  'double precision': 'real',
}
const norm = (t: string) => TYPES[t.toLowerCase()] ?? `?${t}`

async function sqliteSchema(): Promise<Schema> {
  const db = await openAsyncDatabase(':memory:')
  try {
    const out: Schema = {}
    const tables = await db.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    for (const { name } of tables) {
      const cols = await db.all<{ name: string; type: string; notnull: number; pk: number }>(
        `PRAGMA table_info(${name})`,
      )
      const indexes = await db.all<{ name: string; unique: number; origin: string; partial: number }>(
        `PRAGMA index_list(${name})`,
      )
      const entry = {
        columns: [] as string[],
        primaryKey: [] as string[],
        unique: [] as string[],
        indexes: [] as string[],
      }
      for (const c of cols) entry.columns.push(`${c.name} ${norm(c.type)}${c.notnull || c.pk ? ' not null' : ''}`)
      entry.primaryKey = cols
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name)
      for (const ix of indexes) {
        const keys = (await db.all<{ name: string }>(`PRAGMA index_info(${ix.name})`)).map((k) => k.name).join(',')
        if (ix.origin === 'pk') continue
        if (ix.origin === 'u') entry.unique.push(keys)
        else entry.indexes.push(`${ix.unique ? 'unique ' : ''}${keys}${ix.partial ? ' partial' : ''}`)
      }
      entry.unique.sort()
      entry.indexes.sort()
      entry.columns.sort()
      out[name] = entry
    }
    return out
  } finally {
    await db.close()
  }
}

async function pgSchema(url: string): Promise<Schema> {
  const db = await openAsyncDatabase(url)
  try {
    const out: Schema = {}
    const cols = await db.all<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
    )
    for (const c of cols) {
      out[c.table_name] ??= { columns: [], primaryKey: [], unique: [], indexes: [] }
      out[c.table_name]!.columns.push(
        `${c.column_name} ${norm(c.data_type)}${c.is_nullable === 'NO' ? ' not null' : ''}`,
      )
    }
    const idx = await db.all<{
      tbl: string
      primary: boolean
      unique: boolean
      constraint: number
      keys: string
      partial: boolean
    }>(
      `SELECT t.relname AS tbl, i.indisprimary AS primary, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
              (SELECT count(*) FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype = 'u') AS constraint,
              (SELECT string_agg(a.attname, ',' ORDER BY o.n) FROM unnest(i.indkey) WITH ORDINALITY o(att, n)
                 JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = o.att) AS keys
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
        WHERE s.nspname = 'public'`,
    )
    for (const ix of idx) {
      const entry = out[ix.tbl]!
      if (ix.primary) entry.primaryKey = ix.keys.split(',')
      else if (ix.constraint) entry.unique.push(ix.keys)
      else entry.indexes.push(`${ix.unique ? 'unique ' : ''}${ix.keys}${ix.partial ? ' partial' : ''}`)
    }
    for (const e of Object.values(out)) {
      e.columns.sort()
      e.unique.sort()
      e.indexes.sort()
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)))
  } finally {
    await db.close()
  }
}

it('the SQLite and PostgreSQL migrations give the same tables, columns, keys and indexes', async () => {
  const pg = await connectPg()
  try {
    const [lite, post] = [await sqliteSchema(), await pgSchema(pg.freshUrl())]
    expect(Object.keys(lite).length).toBeGreaterThan(10)
    expect(post).toEqual(lite)
  } finally {
    await pg.close()
  }
})
