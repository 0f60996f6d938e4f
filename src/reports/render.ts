// Report rendering (DESIGN.md section 2, reports/): handlebars templates under templates/, a common
// layout plus one folder per game, each message in a text and an HTML part from the same model.
import Handlebars from 'handlebars'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url))

/** A mail the judge wants sent; the mail layer's outbox turns it into an .eml or an SMTP send. */
export interface Letter {
  messageId: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html?: string
  inReplyTo?: string
  references?: string[]
  headers?: Record<string, string>
  /** base64 content; a `cid` lets the HTML part show it inline (the reader's map). */
  attachments?: { filename: string; content: string; contentType: string; cid?: string }[]
}

export class Templates {
  private readonly cache = new Map<string, Handlebars.TemplateDelegate>()
  private readonly hb = Handlebars.create()

  constructor(private readonly dir: string = TEMPLATES_DIR) {
    this.hb.registerHelper('pad', (value: unknown, width: number) => String(value ?? '').padEnd(Number(width)))
    this.hb.registerHelper('eq', (a: unknown, b: unknown) => a === b)
    this.hb.registerHelper('join', (list: unknown, sep: unknown) =>
      Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : '',
    )
  }

  /** Renders `<game>/<name>` when the game has its own template, else `common/<name>`. */
  render(game: string | null, name: string, model: Record<string, unknown>): string {
    const own = game ? `${this.dir}${game}/${name}.hbs` : null
    const file = own && existsSync(own) ? own : `${this.dir}common/${name}.hbs`
    let template = this.cache.get(file)
    if (!template) {
      template = this.hb.compile(readFileSync(file, 'utf8'), { noEscape: name.endsWith('.txt') })
      this.cache.set(file, template)
    }
    return template(model, { partials: this.partialsFor(game) })
  }

  private partialsFor(game: string | null): Record<string, Handlebars.TemplateDelegate> {
    const partials: Record<string, Handlebars.TemplateDelegate> = {}
    for (const kind of ['txt', 'html']) {
      const file = game ? `${this.dir}${game}/status.${kind}.hbs` : ''
      const key = `partial:${file}`
      if (!file || !existsSync(file)) continue
      let t = this.cache.get(key)
      if (!t) {
        t = this.hb.compile(readFileSync(file, 'utf8'), { noEscape: kind === 'txt' })
        this.cache.set(key, t)
      }
      partials[`status_${kind}`] = t
    }
    return partials
  }
}
