// Checks on what a moderator or operator types when a game is created or a player replaced. They
// live in the engine so the command line and moderator mail (REPLACE) refuse the same things: a
// bad value caught here would otherwise end up in the log for good, or in a mail header.

import { checkHouseSeat, isHouseSeat } from './houseSeat.ts'

/** From one hour to 90 days: a longer first deadline is a typo, and zero or less resolves at once. */
export const DEADLINE_HOURS = { min: 1, max: 2160 } as const

const MAX_ADDRESS = 254
const MAX_LOCAL_PART = 64
const MAX_NAME = 100

// RFC 5322 atext (plus non-ASCII letters and digits for internationalised addresses), dot-separated.
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u
// Control characters, the Unicode line and paragraph separators, and the bidirectional overrides
// that make a text read differently from what it holds.
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

/** Deadline hours as a number in range; a string (the command line's text) is read strictly. */
export function checkDeadlineHours(value: number | string): number {
  const n = typeof value === 'string' ? (/^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN) : value
  if (!Number.isFinite(n) || n < DEADLINE_HOURS.min || n > DEADLINE_HOURS.max)
    throw new Error(
      `deadline hours must be a number from ${DEADLINE_HOURS.min} to ${DEADLINE_HOURS.max} (90 days), not "${String(value)}"`,
    )
  return n
}

/** Exactly one player for each of the ruleset's roles: none missing, none unknown, none twice. */
export function checkRoles(rulesetTitle: string, roles: readonly string[], players: readonly { role: string }[]): void {
  const seen = new Set<string>()
  for (const p of players) {
    if (!roles.includes(p.role))
      throw new Error(`unknown role "${p.role}": ${rulesetTitle} has the roles ${roles.join(', ')}`)
    if (seen.has(p.role)) throw new Error(`role ${p.role} is given twice: one player per role`)
    seen.add(p.role)
  }
  const missing = roles.filter((r) => !seen.has(r))
  if (missing.length) throw new Error(`no player for role ${missing.join(', ')}: ${rulesetTitle} needs one per role`)
}

/** One plain address, as the judge will write it into To: headers: no display name, no second address. */
export function checkAddress(address: string): string {
  const refuse = (why: string): never => {
    throw new Error(`${JSON.stringify(address)} is not a mail address: ${why}`)
  }
  if (CONTROL.test(address)) refuse('it holds a line break or control character')
  if (/[\s<>,;:"()[\]\\]/.test(address)) refuse('write one plain address like player@example.org')
  if (address.length > MAX_ADDRESS) refuse(`it is longer than ${MAX_ADDRESS} characters`)
  const at = address.lastIndexOf('@')
  if (at < 1 || at === address.length - 1) refuse('write one plain address like player@example.org')
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  if (local.length > MAX_LOCAL_PART || !LOCAL_PART.test(local)) refuse(`"${local}" is not a valid name before the @`)
  if (!domain.split('.').every((label) => DOMAIN_LABEL.test(label))) refuse(`"${domain}" is not a domain name`)
  return address
}

/** A player's name goes into mail text and headers: one short line. */
export function checkPlayerName(name: string): string {
  if (CONTROL.test(name))
    throw new Error(`the player name ${JSON.stringify(name)} holds a line break or control character`)
  if (!name.trim()) throw new Error('the player name is empty')
  if (name.length > MAX_NAME) throw new Error(`the player name is longer than ${MAX_NAME} characters`)
  return name
}

/** Every player of a new game, checked against the ruleset's roles. */
export function checkPlayers(
  rulesetTitle: string,
  roles: readonly string[],
  players: readonly { role: string; address: string; name: string }[],
): void {
  checkRoles(rulesetTitle, roles, players)
  for (const p of players) {
    if (isHouseSeat(p.address)) checkHouseSeat(p.address)
    else checkAddress(p.address)
    checkPlayerName(p.name)
  }
}
