// The worker thread behind a PostgreSQL connection (src/log/pg/syncClient.ts). It is kept as
// plain CommonJS source evaluated by `new Worker(source, { eval: true })`, so that it runs the
// same under tsx, vitest and the compiled dist/ (none of which would hand a .ts worker file to a
// bare Node thread). It owns one `pg` Client; each request is answered on the message port, then
// the shared flag is raised so the blocked caller wakes up (Atomics.wait, as synckit does). The
// client runs in pg's pipeline mode: a batch's statements are all written at once and answered in
// order, one round trip for the lot, each with its own result or error.
//
// Result shapes follow SQLite's: int8 and numeric as numbers (BigInt beyond 2^53), booleans as
// 1/0, dates and times as the text PostgreSQL sent, bytea as bytes. Rows come as arrays with the
// field names alongside, so that the caller can restore the case of column aliases.
export const PG_WORKER_SOURCE = String.raw`
'use strict'
const { workerData } = require('node:worker_threads')
const { port, flag, url, pgPath, settings } = workerData
let pg = null
let bootError = null
try {
  pg = require(pgPath)
} catch (e) {
  bootError = e
}
const asNumber = (text) => {
  const n = Number(text)
  return Number.isSafeInteger(n) || !/^-?\d+$/.test(text) ? n : BigInt(text)
}
const asText = (text) => text
const PARSERS = { 20: asNumber, 1700: asNumber, 16: (t) => (t === 't' ? 1 : 0), 1082: asText, 1083: asText, 1114: asText, 1184: asText, 1266: asText }
const client = pg && new pg.Client({
  connectionString: url,
  pipeline: true,
  types: { getTypeParser: (oid, format) => PARSERS[oid] || pg.types.getTypeParser(oid, format) },
})
if (client) client.on('error', () => {}) // a dead connection fails the next query instead

function errorOf(e) {
  const out = { message: e && e.message ? e.message : String(e) }
  for (const k of ['code', 'detail', 'constraint', 'table', 'column', 'severity']) if (e && e[k]) out[k] = String(e[k])
  return out
}

function shape(r) {
  // A simple query of several statements answers with one result each: the last one counts.
  const last = Array.isArray(r) ? r[r.length - 1] : r
  return {
    fields: last.fields.map((f) => f.name),
    rows: last.rows,
    rowCount: last.rowCount == null ? 0 : last.rowCount,
    command: last.command || '',
  }
}

async function batch(items) {
  const sent = items.map((it) =>
    client.query(it.values ? { text: it.text, values: it.values, rowMode: 'array' } : { text: it.text, rowMode: 'array' }),
  )
  const settled = await Promise.allSettled(sent)
  return settled.map((s) => (s.status === 'fulfilled' ? { ok: true, value: shape(s.value) } : { ok: false, error: errorOf(s.reason) }))
}

async function handle(req) {
  if (bootError) throw bootError
  switch (req.op) {
    case 'connect':
      await client.connect()
      for (const s of settings) await client.query(s)
      return {}
    case 'query':
      return shape(await client.query({ text: req.text, values: req.values, rowMode: 'array' }))
    case 'batch':
      return batch(req.items)
    case 'exec':
      await client.query(req.text)
      return {}
    case 'close':
      await client.end()
      return {}
    default:
      throw new Error('unknown request ' + req.op)
  }
}

port.on('message', async (req) => {
  let reply
  try {
    reply = { ok: true, value: await handle(req) }
  } catch (e) {
    reply = { ok: false, error: errorOf(e) }
  }
  port.postMessage(reply)
  Atomics.store(flag, 0, 1)
  Atomics.notify(flag, 0)
})
`
