// The goldens: what a whole game wrote, kept file by file under the game's test folder
// (test/<game>/golden/<name>/) and compared byte for byte. Regenerate deliberately with
// UPDATE_GOLDEN=1, then read the diff before committing it.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { App } from '../../src/cli/app.ts'
import { withParts } from '../../src/mail/outbound.ts'
import type { Letter } from '../../src/reports/render.ts'
import { outboxRows } from './app.ts'

/**
 * Expects `files` (name to text) to be the golden folder's files, name by name and byte for byte.
 * With UPDATE_GOLDEN set the folder is first rewritten from them, unless `update` is false (a test
 * that runs its game several ways records it from one of them).
 */
export function expectGolden(dir: string, files: Map<string, string>, update = true): void {
  if (process.env.UPDATE_GOLDEN && update) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const [name, text] of files) writeFileSync(join(dir, name), text)
  }
  const recorded = readdirSync(dir).sort()
  expect([...files.keys()].sort(), `the files of ${dir}`).toEqual(recorded)
  for (const name of recorded) expect(files.get(name), name).toBe(readFileSync(join(dir, name), 'utf8'))
}

/** A drop-folder outbox's mails as written; the map PNG, which the machine's fonts change, masked. */
export function outboxFolderMails(outbox: string): Map<string, string> {
  return new Map(
    readdirSync(outbox)
      .sort()
      .map((f) => [f, withoutImages(readFileSync(join(outbox, f), 'utf8'))]),
  )
}

/** A mail with every inline PNG's bytes replaced by a marker. */
export function withoutImages(eml: string): string {
  return eml.replace(/(Content-Type: image\/png[\s\S]*?\r\n\r\n)[A-Za-z0-9+/=\r\n]+?(\r\n--)/g, '$1[png]$2')
}

/** One queued mail, readable: headers, text and HTML parts, and each picture by the SHA-256 of its SVG. */
export function goldenText(kind: string, mail: Letter): string {
  const { text, html, attachments, ...headers } = mail
  // A picture is queued as its SVG and drawn when sent: its hash is the SVG's, which no font or
  // rasteriser version changes.
  const pictures = (attachments ?? []).map((a) => {
    const bytes = a.svg !== undefined ? Buffer.from(a.svg) : Buffer.from(a.content ?? '', 'base64')
    const sha = createHash('sha256').update(bytes).digest('hex')
    return `${a.filename} ${a.contentType} ${a.cid ?? '-'} ${a.svg !== undefined ? 'svg-' : ''}sha256:${sha}`
  })
  return [
    `kind: ${kind}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`),
    ...pictures.map((p) => `picture: ${p}`),
    '--- text ---',
    text,
    '--- html ---',
    html ?? '',
  ].join('\n')
}

/** The app's queued mails by file name, in the order they were queued. */
export function queuedMails(app: App): Map<string, string> {
  return new Map(
    outboxRows(app).map((r) => [
      `${String(r.id).padStart(4, '0')}-${r.kind}-${r.recipient.split('@')[0]}.txt`,
      // The pictures are stored apart (mail_parts): read them back, or every picture would hash as empty.
      goldenText(r.kind, withParts(app.db, r.mail as never) as Letter),
    ]),
  )
}
