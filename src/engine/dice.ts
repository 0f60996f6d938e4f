// Verifiable dice. The judge commits to a secret before the orders are in,
// players may mix in salts, and every roll can be recomputed once the secret is revealed:
//   roll i = first unbiased draw from HMAC-SHA256(secret, "game|point|i|label|salt")
// read as big-endian 32-bit words; a word w is accepted when w < floor(2^32 / sides) * sides and
// gives 1 + (w mod sides). If all eight words of a block are rejected, the next block is
// HMAC-SHA256(secret, message + "|" + block) for block = 1, 2, ...
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Audience, Dice, DrawnRoll, RollRecord } from '../games/contract.ts'

/**
 * v2 (the current one): a roll not everyone may see is a hidden draw, made from the game's hidden-draw
 * secret (committed at creation, revealed when the game ends) with its own numbering, so the secret
 * a report publishes tells nothing about it, not even how many there were:
 *   hidden draw i = the same rejection sampling over HMAC-SHA256(hidden secret, "game|hidden|point|i|label|salt")
 * v1 (points committed before v2): every roll came from the point's published secret.
 */
export const DICE_ALGORITHM = 'hmac-sha256-rejection-v2'
export const DICE_ALGORITHM_V1 = 'hmac-sha256-rejection-v1'

export function newSecret(): string {
  return randomBytes(32).toString('hex')
}

export function commitmentOf(secretHex: string): string {
  return createHash('sha256').update(Buffer.from(secretHex, 'hex')).digest('hex')
}

/** Salts from every player, order-independent, so no one player's choice of position matters. */
export function combineSalts(salts: string[]): string {
  return [...salts].sort().join(',')
}

export function rollMessage(game: string, point: number, index: number, label: string, salt: string): string {
  return `${game}|${point}|${index}|${label}|${salt}`
}

export function deriveRoll(secretHex: string, message: string, sides: number): number {
  if (!Number.isInteger(sides) || sides < 2 || sides > 1_000_000) throw new Error(`bad die size ${sides}`)
  const key = Buffer.from(secretHex, 'hex')
  const limit = Math.floor(0x1_0000_0000 / sides) * sides
  for (let block = 0; block < 64; block++) {
    const digest = createHmac('sha256', key)
      .update(block === 0 ? message : `${message}|${block}`)
      .digest()
    for (let off = 0; off < 32; off += 4) {
      const word = digest.readUInt32BE(off)
      if (word < limit) return 1 + (word % sides)
    }
  }
  throw new Error('dice: no acceptable word in 64 blocks')
}

export function hiddenRollMessage(game: string, point: number, index: number, label: string, salt: string): string {
  return `${game}|hidden|${point}|${index}|${label}|${salt}`
}

/**
 * The dice a ruleset sees for one adjudication point; it records every roll it hands out. Given the
 * game's hidden-draw secret (algorithm v2), rolls whose audience is not public are hidden draws.
 */
export class RecordingDice implements Dice {
  readonly rolls: RollRecord[] = []
  readonly hiddenRolls: RollRecord[] = []
  constructor(
    private readonly secretHex: string,
    private readonly game: string,
    private readonly point: number,
    private readonly salt: string,
    private readonly hiddenSecretHex: string | null = null,
  ) {}

  roll(label: string, sides: number, audience: Audience): number {
    return this.draw(label, sides, audience).value
  }

  draw(label: string, sides: number, audience: Audience): DrawnRoll {
    const hidden = this.hiddenSecretHex !== null && audience.kind !== 'public'
    const list = hidden ? this.hiddenRolls : this.rolls
    const index = list.length
    const value = hidden
      ? deriveRoll(this.hiddenSecretHex!, hiddenRollMessage(this.game, this.point, index, label, this.salt), sides)
      : deriveRoll(this.secretHex, rollMessage(this.game, this.point, index, label, this.salt), sides)
    list.push({ index, label, sides, value, audience })
    return { value, index, hidden }
  }
}

/** The algorithm a point's dice were committed under decides whether its hidden draws are separate. */
export function pointDice(
  spec: { secret: string; game: string; point: number; salt: string; algorithm: string | undefined },
  hiddenSecret: string | null,
): RecordingDice {
  const separate = spec.algorithm !== undefined && spec.algorithm !== DICE_ALGORITHM_V1
  if (separate && !hiddenSecret) throw new Error(`game ${spec.game}: the hidden-draw secret is missing`)
  return new RecordingDice(spec.secret, spec.game, spec.point, spec.salt, separate ? hiddenSecret : null)
}

/** Recomputes hidden draws from the revealed hidden-draw secret; the first mismatch or null. */
export function verifyHiddenRolls(
  hiddenSecretHex: string,
  commitment: string,
  game: string,
  point: number,
  salt: string,
  rolls: Pick<RollRecord, 'index' | 'label' | 'sides' | 'value'>[],
): string | null {
  if (commitmentOf(hiddenSecretHex) !== commitment)
    return 'the revealed hidden-draw secret does not match the commitment made when the game was created'
  for (const r of rolls) {
    const expected = deriveRoll(hiddenSecretHex, hiddenRollMessage(game, point, r.index, r.label, salt), r.sides)
    if (expected !== r.value)
      return `hidden draw ${r.index} (${r.label}, d${r.sides}) recorded ${r.value} but recomputes to ${expected}`
  }
  return null
}

/** Recomputes a recorded point's rolls; returns the first mismatch or null when all agree. */
export function verifyRolls(
  secretHex: string,
  commitment: string,
  game: string,
  point: number,
  salt: string,
  rolls: Pick<RollRecord, 'index' | 'label' | 'sides' | 'value'>[],
): string | null {
  if (commitmentOf(secretHex) !== commitment) return 'the revealed secret does not match the published commitment'
  for (const r of rolls) {
    const expected = deriveRoll(secretHex, rollMessage(game, point, r.index, r.label, salt), r.sides)
    if (expected !== r.value)
      return `roll ${r.index} (${r.label}, d${r.sides}) recorded ${r.value} but recomputes to ${expected}`
  }
  return null
}

/**
 * Dice that replay fixed values in the order rolled, for rules tests ("given these rolls ..."). They
 * number rolls as the engine does: rolls not everyone may see are hidden draws with their own count.
 */
export class FixedDice implements Dice {
  /** Every roll in the order made. */
  readonly rolls: RollRecord[] = []
  private publicCount = 0
  private hiddenCount = 0
  constructor(private readonly values: number[]) {}
  roll(label: string, sides: number, audience: Audience): number {
    return this.draw(label, sides, audience).value
  }
  draw(label: string, sides: number, audience: Audience): DrawnRoll {
    const value = this.values[this.rolls.length]
    if (value === undefined) throw new Error(`FixedDice ran out at roll ${this.rolls.length} (${label})`)
    if (value < 1 || value > sides) throw new Error(`FixedDice value ${value} is not a d${sides} face (${label})`)
    this.rolls.push({ index: this.rolls.length, label, sides, value, audience })
    const hidden = audience.kind !== 'public'
    const index = hidden ? this.hiddenCount++ : this.publicCount++
    return { value, index, hidden }
  }
}

/**
 * The game's hidden-draw secret once revealed (HiddenDrawRevealed, at the end of the game), with the
 * commitment published when the game was created (HiddenDrawCommitted), or null while sealed.
 */
export function hiddenDrawSecret(
  events: readonly { type: string; data: unknown }[],
): { secret: string; commitment: string } | null {
  const revealed = events.find((x) => x.type === 'HiddenDrawRevealed')?.data as { secret: string } | undefined
  if (!revealed) return null
  const committed = events.find((x) => x.type === 'HiddenDrawCommitted')?.data as { commitment: string } | undefined
  return { secret: revealed.secret, commitment: committed?.commitment ?? '(no commitment on record)' }
}
