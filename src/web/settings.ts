// Where the game pages are served and what address their links carry. Off unless PBEM_WEB_ADDR is
// set: a port alone binds to loopback (127.0.0.1), `host:port` binds where it says.
// PBEM_WEB_BASE is the address readers use (a proxy in front, https); without it the links name
// the listening address itself.

export interface WebSettings {
  listen: { host: string; port: number } | null
  /** The public base of page links, without a trailing slash; null: no links in reports. */
  base: string | null
}

export function webSettings(env: NodeJS.ProcessEnv = process.env): WebSettings {
  const listen = env.PBEM_WEB_ADDR ? listenAddress(env.PBEM_WEB_ADDR) : null
  const given = env.PBEM_WEB_BASE?.trim()
  if (given && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(given))
    throw new Error(`PBEM_WEB_BASE must be an http:// or https:// address, not ${given}`)
  const base = given
    ? given.replace(/\/+$/, '')
    : listen
      ? `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`
      : null
  return { listen, base }
}

function listenAddress(text: string): { host: string; port: number } {
  const m = /^(?:\[?([^\]]*?)\]?:)?(\d{1,5})$/.exec(text.trim())
  const port = m ? Number(m[2]) : Number.NaN
  if (!m || port < 1 || port > 65535)
    throw new Error(`PBEM_WEB_ADDR must be a port or host:port (e.g. 8080 or 0.0.0.0:8080), not ${text}`)
  return { host: m[1] || '127.0.0.1', port }
}
