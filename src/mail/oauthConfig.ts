// The secret parts of the mail settings: the OAuth2 client and refresh token, the DKIM key. Each
// comes from the environment or from a file only its owner may read; a file open to its group or
// to everyone is refused with the chmod that fixes it.
import { createPrivateKey } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { OAuth2Settings } from './oauth.ts'
import type { GrantSource } from './oauthStore.ts'

export interface DkimSettings {
  domain: string
  selector: string
  /** PEM; never printed */
  privateKey: string
}

export const OAUTH_ENV_KEYS = {
  oauth2: {
    clientId: 'PBEM_OAUTH2_CLIENT_ID',
    clientSecret: 'PBEM_OAUTH2_CLIENT_SECRET',
    refreshToken: 'PBEM_OAUTH2_REFRESH_TOKEN',
    tokenUrl: 'PBEM_OAUTH2_TOKEN_URL',
    file: 'PBEM_OAUTH2_FILE',
  },
  dkim: {
    selector: 'PBEM_DKIM_SELECTOR',
    keyFile: 'PBEM_DKIM_KEY_FILE',
    domain: 'PBEM_DKIM_DOMAIN',
  },
} as const

type Raw = Record<string, unknown>

/** Why a secret file may not be used (missing, or readable by others), or null when it may. */
export function secretFileProblem(path: string, stat: (p: string) => { mode: number } = statSync): string | null {
  let mode: number
  try {
    mode = stat(path).mode
  } catch (e) {
    return `${path} cannot be read: ${(e as Error).message}`
  }
  if ((mode & 0o077) !== 0)
    return `${path} may be read by others (mode ${(mode & 0o777).toString(8).padStart(3, '0')}): chmod 600 ${path}`
  return null
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

function readSecretJson(file: string, errors: string[], what: string): Raw {
  const problem = secretFileProblem(file)
  if (problem) {
    errors.push(`${what}: ${problem}`)
    return {}
  }
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (typeof parsed === 'object' && parsed && !Array.isArray(parsed)) return parsed as Raw
    errors.push(`${what}: ${file} must hold a JSON object`)
  } catch (e) {
    errors.push(`${what}: ${file}: ${(e as Error).message}`)
  }
  return {}
}

/** A token endpoint: https, or http on this machine only (a test or a local relay). */
function tokenUrlProblem(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return 'must be a URL like https://oauth2.googleapis.com/token'
  }
  if (u.protocol === 'https:') return null
  if (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return null
  return 'must be an https URL (http only on 127.0.0.1 or localhost)'
}

/**
 * The OAuth2 settings from the environment, the config file's `oauth2` object and the file they
 * name (the environment wins); null when nothing is set. `wanted`: a mailbox logs in by token, so
 * every field is required.
 */
export function oauth2Of(
  raw: Raw | undefined,
  configPath: string | undefined,
  wanted: boolean,
  errors: string[],
  /** the environment and the config file's own `oauth2` object: where the refresh token came from */
  origin: { env: NodeJS.ProcessEnv; fileSection?: Raw | undefined } = { env: {} },
): OAuth2Settings | null {
  const keys = OAUTH_ENV_KEYS.oauth2
  if (!raw) {
    if (wanted)
      errors.push(`oauth2: a mailbox logs in by OAuth2 but no client is set (${keys.file} or ${keys.clientId}...)`)
    return null
  }
  const fileName = str(raw.file)
  const grantFile = fileName ? (configPath ? resolve(dirname(configPath), fileName) : resolve(fileName)) : null
  const fromFile = grantFile ? readSecretJson(grantFile, errors, `oauth2.file (${keys.file})`) : {}
  const pick = (k: 'clientId' | 'clientSecret' | 'refreshToken' | 'tokenUrl') => str(raw[k]) ?? str(fromFile[k])
  const out = {
    clientId: pick('clientId'),
    clientSecret: pick('clientSecret'),
    refreshToken: pick('refreshToken'),
    tokenUrl: pick('tokenUrl'),
  }
  let ok = true
  for (const [k, v] of Object.entries(out))
    if (v === undefined) {
      ok = false
      errors.push(
        `oauth2.${k} (${keys[k as keyof typeof out]}): is required${fileName ? ` (not in ${fileName} either)` : ''}`,
      )
    }
  const urlProblem = out.tokenUrl ? tokenUrlProblem(out.tokenUrl) : null
  if (urlProblem) errors.push(`oauth2.tokenUrl (${keys.tokenUrl}): ${urlProblem}`)
  if (!ok || urlProblem) return null
  const source = grantSource(origin, configPath, grantFile)
  return { ...(out as OAuth2Settings), ...(source ? { source } : {}) }
}

/** Where the refresh token in use was read, in the order oauth2Of picks it. */
function grantSource(
  origin: { env: NodeJS.ProcessEnv; fileSection?: Raw | undefined },
  configPath: string | undefined,
  grantFile: string | null,
): GrantSource | undefined {
  const name = OAUTH_ENV_KEYS.oauth2.refreshToken
  if (str(origin.env[name])) return { kind: 'env', name }
  if (configPath && str(origin.fileSection?.refreshToken))
    return { kind: 'file', path: resolve(configPath), key: ['oauth2', 'refreshToken'] }
  if (grantFile) return { kind: 'file', path: grantFile, key: ['refreshToken'] }
  return undefined
}

/** DKIM signing settings: a selector and a private key file (mode 0600); null when unset. */
export function dkimOf(
  raw: Raw | undefined,
  configPath: string | undefined,
  mailDomain: string | null,
  errors: string[],
): DkimSettings | null {
  if (!raw) return null
  const keys = OAUTH_ENV_KEYS.dkim
  const selector = str(raw.selector)
  const keyFile = str(raw.keyFile)
  const domain = str(raw.domain) ?? mailDomain
  if (!selector) errors.push(`dkim.selector (${keys.selector}): is required with a DKIM key`)
  else if (!/^[a-z0-9][a-z0-9._-]*$/i.test(selector))
    errors.push(`dkim.selector (${keys.selector}): must be a DNS label like pbem2026`)
  if (!keyFile) errors.push(`dkim.keyFile (${keys.keyFile}): is required with a DKIM selector`)
  if (!domain) errors.push(`dkim.domain (${keys.domain}): is required (or set PBEM_MAIL_DOMAIN)`)
  if (!selector || !keyFile || !domain) return null
  const path = configPath ? resolve(dirname(configPath), keyFile) : resolve(keyFile)
  const problem = secretFileProblem(path)
  if (problem) {
    errors.push(`dkim.keyFile (${keys.keyFile}): ${problem}`)
    return null
  }
  const privateKey = readFileSync(path, 'utf8')
  try {
    createPrivateKey(privateKey)
  } catch {
    errors.push(`dkim.keyFile (${keys.keyFile}): ${path} is not a PEM private key`)
    return null
  }
  return { domain, selector, privateKey }
}
