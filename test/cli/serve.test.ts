// Acceptance: `pbem serve` on embedded defaults creates the demo game, and a dropped order mail is
// acknowledged in the outbox folder within 5 seconds.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliSandbox, type Started, waitFor } from '../helpers/cli.ts'

// `pbem serve` as the quick start runs it: no --data, PBEM_DATA_DIR alone says where.
const { dir, run, start } = cliSandbox('pbem-serve-')
let serve: Started | null = null

describe('pbem serve', () => {
  it('acknowledges a dropped order mail in the outbox within 5 seconds', async () => {
    serve = start({ data: null }, 'serve', '--interval', '250')
    const key = await waitFor(() => /confederate key ([0-9a-f]+)/.exec(serve!.output())?.[1], 20000)
    await serve.says('drop order mails')
    const out = serve.output
    expect(out()).toContain(join(dir, 'inbox'))
    const mail = [
      'From: confederate@example.test',
      'To: orders@judge.localhost',
      'Subject: my orders',
      'Message-ID: <serve-test@example.test>',
      'Content-Type: text/plain',
      '',
      'GAME sd-demo CONFEDERATE',
      `KEY ${key}`,
      'SUM: RUN-OUT',
      'SUM: MOVE C11 +RAID',
      '',
    ].join('\r\n')
    writeFileSync(join(dir, 'mail.tmp'), mail)
    const dropped = Date.now()
    renameSync(join(dir, 'mail.tmp'), join(dir, 'inbox', 'orders.eml'))
    const ack = await waitFor(
      () =>
        readdirSync(join(dir, 'outbox'))
          .map((f) => readFileSync(join(dir, 'outbox', f), 'utf8'))
          .find((t) => t.includes('Orders accepted')),
      5000,
    )
    expect(Date.now() - dropped).toBeLessThan(5000)
    expect(ack).toContain('In-Reply-To: <serve-test@example.test>')
    expect(ack).toMatch(/To: confederate@example\.test/)
    // The judge's own address, where the opening mails are, and each mail by game, sender and file
    expect(out()).toMatch(/players write to \S+@\S+/)
    expect(out()).toContain(
      `The opening reports (one per player, with the key in its reply address) are written to ${join(dir, 'outbox')}.`,
    )
    await serve.says('mail drop:orders.eml', 5000)
    expect(out()).toContain(
      'mail drop:orders.eml: orders-accepted (game sd-demo, from confederate@example.test, receipt sd-demo/1/confederate-1)',
    )
  }, 40000)

  it('a second start creates nothing and says how to see the keys', async () => {
    await serve!.stop()
    serve = start({ data: null }, 'serve', '--interval', '250')
    await serve.says('drop order mails')
    expect(serve.output()).not.toContain('Created the demo game')
    expect(serve.output()).toContain('Games on this judge: sd-demo.')
    expect(serve.output()).toContain('pbem player key <game> <role>')
  }, 40000)
})

describe('npm run demo', () => {
  it('honours PBEM_DATA_DIR: the demo runs in demo/ inside it', async () => {
    const data = join(dir, 'elsewhere')
    const r = run({ data: null, env: { PBEM_DATA_DIR: data } }, 'demo')
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain(join(data, 'demo', 'outbox'))
    expect(existsSync(join(data, 'demo', 'judge.sqlite'))).toBe(true)
  }, 60000)
})
