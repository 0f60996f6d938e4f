// Report rendering (reports/): handlebars templates under templates/, a common
// layout plus one folder per game, each message in a text and an HTML part from the same model.
import Handlebars from 'handlebars'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectPath } from '../util/resources.ts'

/** The common mail layout every game shares; a game's own parts live in its folder. */
export const TEMPLATES_DIR = projectPath('templates', 'common')

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
  /**
   * base64 `content`, or a picture's `svg`, made into a PNG when the mail is sent; a `cid` lets the
   * HTML part show it inline (the reader's map).
   */
  attachments?: { filename: string; content?: string; svg?: string; contentType: string; cid?: string }[]
}

export class Templates {
  private readonly cache = new Map<string, Handlebars.TemplateDelegate>()
  private readonly files = new Map<string, string>()
  private readonly hb = Handlebars.create()

  /** `gameDir` finds a game's own template folder (by ruleset id), if it has one. */
  constructor(
    private readonly gameDir: (game: string) => string | null = () => null,
    private readonly dir: string = TEMPLATES_DIR,
  ) {
    this.hb.registerHelper('pad', (value: unknown, width: number) => String(value ?? '').padEnd(Number(width)))
    this.hb.registerHelper('eq', (a: unknown, b: unknown) => a === b)
    this.hb.registerHelper('join', (list: unknown, sep: unknown) =>
      Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : '',
    )
  }

  /** Renders the game's own `<name>` when it has one, else the common one. */
  render(game: string | null, name: string, model: Record<string, unknown>): string {
    const file = this.fileFor(game, name)
    let template = this.cache.get(file)
    if (!template) {
      template = this.hb.compile(readFileSync(file, 'utf8'), { noEscape: name.endsWith('.txt') })
      this.cache.set(file, template)
    }
    return template(model, { partials: this.partialsFor(game) })
  }

  /**
   * Compiles `name` for `game` (and its status partials) ahead of its first render, which then only
   * runs it: the first compile of a report costs tens of milliseconds, which a server spreads over
   * turns of its event loop instead of spending inside one resolution.
   */
  warm(game: string | null, name: string): void {
    try {
      this.render(game, name, {})
    } catch {
      // Compiled all the same: only running it on an empty model failed.
    }
  }

  private fileFor(game: string | null, name: string): string {
    // Found once, as the compiled templates are kept once: a report looks up several files.
    const key = `${game ?? ''}/${name}`
    let file = this.files.get(key)
    if (file === undefined) {
      const home = game ? this.gameDir(game) : null
      const own = home ? join(home, `${name}.hbs`) : null
      file = own && existsSync(own) ? own : join(this.dir, `${name}.hbs`)
      this.files.set(key, file)
    }
    return file
  }

  private partialsFor(game: string | null): Record<string, Handlebars.TemplateDelegate> {
    const partials: Record<string, Handlebars.TemplateDelegate> = {}
    for (const kind of ['txt', 'html']) {
      // A game without its own status block gets the common one: its view, a line per field.
      const file = this.fileFor(game, `status.${kind}`)
      const key = `partial:${file}`
      let t = this.cache.get(key)
      if (!t) {
        if (!existsSync(file)) continue
        t = this.hb.compile(readFileSync(file, 'utf8'), { noEscape: kind === 'txt' })
        this.cache.set(key, t)
      }
      partials[`status_${kind}`] = t
    }
    return partials
  }
}

/** A reader's view as "field: value" lines, for a game that has no status template of its own. */
export function viewLines(view: Record<string, unknown>, prefix = ''): string[] {
  const lines: string[] = []
  for (const [key, value] of Object.entries(view)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      lines.push(...viewLines(value as Record<string, unknown>, name))
    else if (Array.isArray(value))
      lines.push(
        `${name}: ${value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') || 'none'}`,
      )
    else lines.push(`${name}: ${String(value)}`)
  }
  return lines
}
