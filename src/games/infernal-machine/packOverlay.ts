// A replacement pack for a player with the printed game: a JSON file (given to `pbem game create
// --data-pack <file>`, checked by `pbem data check --ruleset infernal-machine <file>`) that names
// only the tables it corrects. Each part (tactical, mission, boards, fishboat, campaign) may give
// any of its tables; a table given replaces the embedded one whole, every other table stays. The
// merged pack is then checked by the same zod schemas as the embedded one (provenance on every
// record). The file is read by the command line; this module only merges values.
import { z } from 'zod'

const PARTS = ['tactical', 'mission', 'boards', 'fishboat', 'campaign'] as const
type RawPack = Record<(typeof PARTS)[number], unknown>

const partOverlay = z.record(z.string(), z.unknown())
/** The replacement file: some of the five parts, each some of its tables; nothing else. */
export const packOverlaySchema = z
  .object({
    /** Says that the file holds replacements over the embedded pack, not a whole pack. */
    overlay: z.literal(true),
    /** Free text: whose values these are (the edition, the page read). */
    about: z.string().optional(),
    tactical: partOverlay.optional(),
    mission: partOverlay.optional(),
    boards: partOverlay.optional(),
    fishboat: partOverlay.optional(),
    campaign: partOverlay.optional(),
  })
  .strict()

export type PackOverlay = z.infer<typeof packOverlaySchema>

/** True when the raw JSON says it is a replacement file rather than a whole pack. */
export const isPackOverlay = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>).overlay === true

/**
 * The embedded pack with the overlay's tables put in place of its own. A part or a table the
 * embedded pack does not have is refused by name, so a misspelt table cannot be silently ignored.
 */
export function mergePackOverlay(raw: unknown, base: RawPack): RawPack {
  const parsed = packOverlaySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`replacement pack: ${issue.path.join('/') || '(top)'}: ${issue.message}`)
  }
  const merged = structuredClone(base)
  for (const part of PARTS) {
    const tables = parsed.data[part]
    if (!tables) continue
    const own = merged[part] as Record<string, unknown>
    for (const [table, value] of Object.entries(tables)) {
      if (table === 'id') throw new Error(`replacement pack: ${part}/id is the part's own name and stays`)
      if (!(table in own))
        throw new Error(`replacement pack: ${part} has no table ${table}; its tables: ${Object.keys(own).join(', ')}`)
      own[table] = value
    }
  }
  return merged
}
