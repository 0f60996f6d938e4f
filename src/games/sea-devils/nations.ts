// What a player writes for a port's nationality, and what a report calls the port. The data pack
// keeps the counter codes (E, F, S, H, P for the colonial ports: the In Port markers' letters), but
// F and S are also ship types (frigate, sloop), so orders name the nation (ENTER-PORT SPAIN) and the
// old codes are refused with the word to write instead.
import type { Nation } from './pack.ts'

/** The word an order gives for each pack nationality; a colonial port goes by its mother country. */
const WORD: Record<Nation, string> = {
  England: 'ENGLAND',
  France: 'FRANCE',
  Spain: 'SPAIN',
  Peru: 'PERU',
  Chile: 'CHILE',
  CSA: 'CSA',
  USA: 'USA',
  COL: 'COLOMBIA',
  BRA: 'BRAZIL',
  ARG: 'ARGENTINA',
  VEN: 'VENEZUELA',
  E: 'ENGLAND',
  F: 'FRANCE',
  S: 'SPAIN',
  H: 'HOLLAND',
  P: 'PORTUGAL',
}

/** How a report names a port of each nationality ("the Spanish colonial port in C11"). */
const NAME: Record<Nation, string> = {
  England: 'English',
  France: 'French',
  Spain: 'Spanish',
  Peru: 'Peruvian',
  Chile: 'Chilean',
  CSA: 'Confederate',
  USA: 'Federal',
  COL: 'Colombian',
  BRA: 'Brazilian',
  ARG: 'Argentine',
  VEN: 'Venezuelan',
  E: 'English colonial',
  F: 'French colonial',
  S: 'Spanish colonial',
  H: 'Dutch colonial',
  P: 'Portuguese colonial',
}

/** The order word for a pack nationality (ENTER-PORT <word>). */
export function portWord(nat: string): string {
  return WORD[nat as Nation] ?? nat.toUpperCase()
}

/** The adjective a report uses for a port of this nationality. */
export function portName(nat: string): string {
  return NAME[nat as Nation] ?? nat
}

/** Whether an order's word (or, inside the engine, a pack code already checked) names this port's nationality. */
export function namesPort(nat: string, word: string): boolean {
  const w = word.toUpperCase()
  return portWord(nat) === w || nat.toUpperCase() === w
}

/** For a counter code an order may no longer use (it differs from the nation's word): the word to write. */
export function retiredCode(word: string): string | null {
  const w = word.toUpperCase()
  const code = (Object.keys(WORD) as Nation[]).find((n) => n.toUpperCase() === w)
  return code && WORD[code] !== w ? WORD[code] : null
}
