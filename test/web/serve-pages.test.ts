// `pbem serve` serves the game pages only when PBEM_WEB_ADDR says where, on loopback for a bare port.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'
import { webSettings } from '../../src/web/settings.ts'

const { start } = cliSandbox('pbem-serve-pages-')

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

describe('pbem serve and the pages', () => {
  it('PBEM_WEB_ADDR: a port binds to loopback, host:port where it says; PBEM_WEB_BASE names the links', () => {
    expect(webSettings({})).toEqual({ listen: null, base: null })
    expect(webSettings({ PBEM_WEB_ADDR: '8080' })).toEqual({
      listen: { host: '127.0.0.1', port: 8080 },
      base: 'http://127.0.0.1:8080',
    })
    expect(webSettings({ PBEM_WEB_ADDR: '0.0.0.0:81', PBEM_WEB_BASE: 'https://club.example/pbem/' })).toEqual({
      listen: { host: '0.0.0.0', port: 81 },
      base: 'https://club.example/pbem',
    })
    expect(webSettings({ PBEM_WEB_BASE: 'https://club.example' }).listen).toBeNull()
    expect(() => webSettings({ PBEM_WEB_ADDR: 'http://x' })).toThrow(/PBEM_WEB_ADDR/)
    expect(() => webSettings({ PBEM_WEB_ADDR: '70000' })).toThrow(/PBEM_WEB_ADDR/)
    expect(() => webSettings({ PBEM_WEB_BASE: 'javascript:alert(1)' })).toThrow(/PBEM_WEB_BASE/)
  })

  it('off by default; with PBEM_WEB_ADDR the judge serves them', async () => {
    const off = start({}, 'serve', '--interval', '250')
    try {
      await off.says('drop order mails', 30_000)
      expect(off.output()).not.toContain('game pages')
    } finally {
      await off.stop()
    }
    const port = await freePort()
    const on = start({ env: { PBEM_WEB_ADDR: String(port) } }, 'serve', '--interval', '250')
    try {
      await on.says(`game pages: listening on http://127.0.0.1:${port}`, 30_000)
      const res = await fetch(`http://127.0.0.1:${port}/style.css`)
      expect(res.status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
    } finally {
      await on.stop()
    }
  }, 90_000)
})
