// A file dropped in the inbox without a header (the example body pasted into a file) is no mail the
// judge can answer: it goes to failed/ with its reason beside it, and `serve` says so. `serve` on a
// new judge prints the demo players' addresses and writes a complete example mail next to the inbox,
// the one the README shows.
import { copyFileSync, existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readInbox } from '../../src/cli/app.ts'
import { createFixtureDuel, testApp, type TestApp } from '../helpers/app.ts'
import { cliSandbox, ROOT, waitFor } from '../helpers/cli.ts'

let app: TestApp | null = null
afterEach(() => app?.cleanup())

describe('a dropped file with no sender', () => {
  it('goes to failed/ with its reason beside it, recorded once, and is not taken as processed', async () => {
    app = testApp('no-sender')
    const { keys } = createFixtureDuel(app)
    const file = join(app.dirs.inbox, 'body-only.eml')
    writeFileSync(file, `GAME fd1 SOUTH\nKEY ${keys.south}\nDRAW 1\n`)
    // The drop folder waits a second for a file younger than its settle time: date it back instead.
    utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const warned: string[] = []
    const handled: { setAside?: string }[] = []
    const outcomes = await readInbox(app, {
      imap: false,
      warn: (l) => warned.push(l),
      onHandled: (i) => handled.push(i),
    })
    expect(outcomes).toEqual(['unidentified'])
    expect(existsSync(join(app.dirs.inbox, 'failed', 'body-only.eml'))).toBe(true)
    expect(existsSync(join(app.dirs.inbox, 'processed', 'body-only.eml'))).toBe(false)
    expect(readFileSync(join(app.dirs.inbox, 'failed', 'body-only.eml.error.txt'), 'utf8')).toMatch(
      /no sender \(no From: header\)/,
    )
    expect(warned.join('\n')).toMatch(/body-only\.eml: the file has no sender .*; moved to failed\//)
    expect(handled[0]!.setAside).toMatch(/whole mail, header and body/)
    expect(app.store.read('system:mail').filter((e) => e.type === 'MailReceived')).toHaveLength(1)
    expect(app.judge.load('fd1').orders.size).toBe(0)
  })
})

describe('pbem serve on a new judge', () => {
  const { dir, start } = cliSandbox('pbem-serve-example-')

  it("prints the demo players' addresses, writes a complete example mail that is accepted as it is, and says when a file has no sender", async () => {
    const serve = start({ data: null }, 'serve', '--interval', '250')
    // The first start makes the demo game and draws its opening maps: slow on a busy machine.
    await serve.says('drop order mails', 60000)
    const out = serve.output
    expect(out()).toMatch(/confederate key [0-9a-f]+, played by .+ <confederate@example\.test>/)
    expect(out()).toMatch(/federal key [0-9a-f]+, played by .+ <federal@example\.test>/)
    const example = join(dir, 'example-order.eml')
    expect(out()).toContain(example)
    const text = readFileSync(example, 'utf8')
    expect(text).toMatch(/^From: .+ <\S+@example\.test>\r\nTo: \S+@\S+\r\n/)
    expect(text).toMatch(/\r\nMessage-ID: <\S+>\r\n/)
    expect(text).toMatch(/\r\n\r\nGAME \S+ [A-Z]+\r\nKEY [0-9a-f]+\r\n/)
    // The README shows this mail whole: the same header lines in the same order, and the same body.
    const mask = (t: string) =>
      t
        .replace(/^(Date|Message-ID): .*$/gm, '$1: ...')
        .replace(/^KEY [0-9a-f]+$/m, 'KEY ...')
        .trimEnd()
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const shown = /```\n(From: [\s\S]*?)\n```/.exec(readme)?.[1]
    expect(shown, 'a complete example mail in the README').toBeDefined()
    expect(mask(shown!)).toBe(mask(text.replace(/\r\n/g, '\n')))
    copyFileSync(example, join(dir, 'inbox', 'example-order.eml'))
    await waitFor(
      () =>
        readdirSync(join(dir, 'outbox'))
          .map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'))
          .find((t) => t.includes('Orders accepted')),
      30000,
    )
    const body = text.slice(text.indexOf('\r\n\r\n') + 4)
    writeFileSync(join(dir, 'inbox', 'pasted.eml'), body)
    await serve.says('pasted.eml: the file has no sender', 30000)
    expect(out()).toMatch(/pasted\.eml: the file has no sender .*moved to failed\//)
    expect(existsSync(join(dir, 'inbox', 'failed', 'pasted.eml'))).toBe(true)
  }, 180_000)
})
