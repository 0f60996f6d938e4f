// The bot game's golden: every mail the judge queued, written as a readable file per mail (its
// headers, its text and HTML parts, and each picture by the SHA-256 of its SVG) and compared byte for
// byte with the recorded copy. Regenerate deliberately with UPDATE_GOLDEN=1.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { App } from '../../src/cli/app.ts'
import { withParts } from '../../src/mail/outbound.ts'
import type { Letter } from '../../src/reports/render.ts'
import { outboxRows } from '../helpers/app.ts'

/** One queued mail as the golden keeps it: pictures by hash, so a picture that changes still fails. */
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
export function goldenMails(app: App): Map<string, string> {
  return new Map(
    outboxRows(app).map((r) => [
      `${String(r.id).padStart(4, '0')}-${r.kind}-${r.recipient.split('@')[0]}.txt`,
      // The pictures are stored apart (mail_parts): read them back, or every picture would hash as empty.
      goldenText(r.kind, withParts(app.db, r.mail as never) as Letter),
    ]),
  )
}

/** With UPDATE_GOLDEN set, the folder is rewritten from these mails; otherwise it is only read. */
export function recordedMails(dir: string, mails: Map<string, string>): Map<string, string> {
  if (process.env.UPDATE_GOLDEN) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    for (const [name, text] of mails) writeFileSync(join(dir, name), text)
  }
  return new Map(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  )
}
