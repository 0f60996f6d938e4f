// Acceptance: `pbem serve` on embedded defaults creates the demo game, and a dropped order mail is
// acknowledged in the outbox folder within 5 seconds.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
let child: ChildProcess | null = null
const dir = mkdtempSync(join(tmpdir(), 'pbem-serve-'))
afterAll(() => {
  child?.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
})

function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T> {
  const start = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = probe()
      if (v !== undefined) return resolve(v)
      if (Date.now() - start > ms) return reject(new Error(`not within ${ms} ms`))
      setTimeout(tick, 50)
    }
    tick()
  })
}

describe('pbem serve', () => {
  it('acknowledges a dropped order mail in the outbox within 5 seconds', async () => {
    let out = ''
    child = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '250'], {
      cwd: root,
      env: { ...process.env, PBEM_DATA_DIR: dir },
    })
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (out += d))
    const key = await waitFor(() => /confederate key ([0-9a-f]+)/.exec(out)?.[1], 20000)
    await waitFor(() => (out.includes('drop order mails') ? true : undefined), 20000)
    expect(out).toContain(join(dir, 'inbox'))
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
  }, 40000)
})
