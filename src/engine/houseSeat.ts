// A seat the judge itself plays is written `house:<level>` where a player's address would be.
import { HOUSE_LEVELS, type HouseLevel } from '../games/contract.ts'

const SEAT = /^house:([a-z]+)$/

/** The level of a house seat's "address" (`house:standard`), or null for a person's address. */
export function houseLevel(address: string): HouseLevel | null {
  const m = SEAT.exec(address)
  return m && (HOUSE_LEVELS as readonly string[]).includes(m[1]!) ? (m[1] as HouseLevel) : null
}

export const isHouseSeat = (address: string): boolean => SEAT.test(address)

/** A letter to a house seat (its `to` is the seat, perhaps with a name before it). */
export const isHouseSeatLetter = (letter: { to: string }): boolean => /(^|<)house:[a-z]+>?$/.test(letter.to.trim())

/** A seat written `house:...` must name a level the judge has. */
export function checkHouseSeat(address: string): HouseLevel {
  const level = houseLevel(address)
  if (!level) throw new Error(`"${address}" is not a house seat: write house:${HOUSE_LEVELS.join(' or house:')}`)
  return level
}
