// Acceptance: `pbem serve` on embedded defaults creates the demo game, and a dropped order mail is
// acknowledged in the outbox folder within 5 seconds.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
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
    // The judge's own address, where the opening mails are, and each mail by game, sender and file
    expect(out).toMatch(/players write to \S+@\S+/)
    expect(out).toContain(
      `The opening reports (one per player, with the key in its reply address) are written to ${join(dir, 'outbox')}.`,
    )
    await waitFor(() => (out.includes('mail drop:orders.eml') ? true : undefined), 5000)
    expect(out).toContain(
      'mail drop:orders.eml: orders-accepted (game sd-demo, from confederate@example.test, receipt sd-demo/1/confederate-1)',
    )
  }, 40000)

  it('a second start creates nothing and says how to see the keys', async () => {
    child!.kill('SIGTERM')
    await new Promise((r) => child!.once('exit', r))
    let out = ''
    child = spawn(process.execPath, ['bin/pbem.js', 'serve', '--interval', '250'], {
      cwd: root,
      env: { ...process.env, PBEM_DATA_DIR: dir },
    })
    child.stdout!.on('data', (d) => (out += d))
    child.stderr!.on('data', (d) => (out += d))
    await waitFor(() => (out.includes('drop order mails') ? true : undefined), 20000)
    expect(out).not.toContain('Created the demo game')
    expect(out).toContain('Games on this judge: sd-demo.')
    expect(out).toContain('pbem player key <game> <role>')
  }, 40000)
})

describe('npm run demo', () => {
  it('honours PBEM_DATA_DIR: the demo runs in demo/ inside it', async () => {
    const data = join(dir, 'elsewhere')
    const r = spawnSync(process.execPath, ['bin/pbem.js', 'demo'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PBEM_DATA_DIR: data },
    })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stdout).toContain(join(data, 'demo', 'outbox'))
    expect(existsSync(join(data, 'demo', 'judge.sqlite'))).toBe(true)
  }, 60000)
})
