// The campaign part of the data pack (Rule Book p.39-62 and the Almanacs): the Rule Book's own
// tables, and the Almanac pages, locations and player-aid tables (synthetic in the shipped pack).
import { z } from 'zod'
import { stripAll } from './missionPack.ts'
import type { ProvenanceMap } from './provenance.ts'

const int = z.number().int()
const season = z.enum(['winter', 'spring', 'summer', 'autumn'])
/** A d10 table: each row is [highest roll, result], rows in rising order, the last reaching 10. */
const d10Rows = z.array(z.tuple([int.min(1).max(10), z.string()])).min(1)
const banded = <T extends z.ZodType>(cell: T) => z.array(z.object({ atMost: int, result: cell }).strict()).min(1)

export const campaignSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    calendar: z
      .object({
        seasons: z.array(season).length(4),
        firstYear: int,
        firstSeason: season,
        lastYear: int,
        lastSeason: season,
      })
      .strict(),
    actions: z.array(z.object({ season, actions: int }).strict()).length(4),
    purchaseOrder: z.array(z.object({ atMost: int, cells: z.array(z.string()).length(5) }).strict()),
    purchaseOrderRules: z
      .object({
        columns: z.array(int).length(5),
        perInvestor: int,
        remote: int,
        persistence: int,
        greasedWheels: int,
        greasedWheelsCost: int,
      })
      .strict(),
    changeLocationCost: z.array(z.object({ upTo: int, cost: int }).strict()),
    salvageCost: z.array(z.object({ upTo: int, cost: int }).strict()),
    commissioning: z.array(z.object({ personae: int, cells: z.array(int.nullable()).length(6) }).strict()),
    commissioningRules: z
      .object({
        partsUpTo: z.array(int).length(6),
        seaworthy: int,
        perInvestor: int,
        perLost: int,
        persistence: int,
        rerollOne: int,
        rerollBoth: int,
      })
      .strict(),
    investment: z.array(z.object({ atMost: int, cells: z.array(z.string().regex(/^\d+[!i]?$/)).length(6) }).strict()),
    investmentRules: z
      .object({ stakes: z.array(int).length(6), sureBetInvestors: int, sureBet: int, solicitor: int })
      .strict(),
    letterOfMarque: z.array(z.object({ paid: int, cells: z.array(int).length(4) }).strict()),
    letterRules: z
      .object({
        lateWar: int,
        lateWarFrom: int,
        perInvestor: int,
        persistence: int,
        greasedWheels: int,
        greasedWheelsCost: int,
      })
      .strict(),
    letterOfRecruitment: z.array(z.object({ paid: int, cells: z.array(int).length(4) }).strict()),
    checks: z.object({ sickBayDies: int, doctor: int, repairCost: int, masteryExpertise: int }).strict(),
    alertCheck: banded(z.enum(['-', '0', '+', 'N'])),
    alertCheckRules: z.object({ bigShop: int, bigShopParts: int, oneLost: int, manyLost: int }).strict(),
    epidemic: banded(z.string().regex(/^(\d|S)$/)),
    /** Four season tables, and the USA Almanac's four blockade tables (`blockade: true`, p.46). */
    fortunes: z.array(z.object({ season, blockade: z.boolean().optional(), rolls: d10Rows }).strict()).min(4),
    events: z.array(z.object({ season, rolls: d10Rows }).strict()).length(4),
    assignment: banded(z.enum(['stay', 'voluntary', 'reassigned', 'blockade'])),
    missionTypes: z.array(
      z.object({ side: z.enum(['CSA', 'USA']), year: int, board: z.string(), rolls: d10Rows }).strict(),
    ),
    prizes: z.array(z.object({ side: z.enum(['CSA', 'USA']), kind: z.string(), prize: int }).strict()),
    contracts: z.array(z.object({ id: z.string(), pay: int, seasons: int, expertise: int }).strict()),
    locations: z.array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          side: z.enum(['CSA', 'USA']),
          board: z.string(),
          earnings: z.array(int).length(4),
          expertise: int,
          recruit: z.object({ journeyman: int, sailor: int, mechanic: int }).strict(),
          start: z.boolean().optional(),
          summerAction: int.optional(),
          /** Out of play until the location it waits for is removed (Natchez for New Orleans, p.39, p.50). */
          waitsFor: z.string().optional(),
          /** A USA blockade station (p.46, p.48, p.62). */
          blockade: z.boolean().optional(),
        })
        .strict(),
    ),
    startingInvestors: z.object({ draw: int, keep: int }).strict(),
    /** Almanac: location cards removed at the end of a season; a shop there moves to the refuge. */
    removals: z.array(z.object({ year: int, season, location: z.string(), refuge: z.string() }).strict()),
    /** USA Almanac p.30: an Advancement Check after each mission's Training Level check (p.58). */
    advancement: z.object({ needs: int, perObjective: int, perTraining: int }).strict(),
    /** Almanac Outcomes: a score from the campaign's record, read on a banded table. */
    outcomes: z
      .object({
        perObjective: int,
        fundsPer: int,
        perAdvancement: int,
        perLost: int,
        levels: banded(z.string()),
      })
      .strict(),
    /** CSA Almanac p.1: from this year a CSA player may change sides, to this USA location. */
    changeSides: z.object({ fromYear: int, to: z.string() }).strict(),
  })
  .strict()

export type CampaignData = z.infer<typeof campaignSchema>
export type LocationCard = CampaignData['locations'][number]

export function loadCampaign(raw: unknown, provenance: ProvenanceMap): CampaignData {
  return campaignSchema.parse(stripAll('campaign', raw, provenance))
}

/** The result of a d10 table for a roll: the first row whose highest roll reaches it. */
export function d10Result(rows: readonly (readonly [number, string])[], roll: number): string {
  const row = rows.find(([top]) => roll <= top)
  if (!row) throw new Error(`no row for roll ${roll}`)
  return row[1]
}

/** The first band whose top reaches the value (tables printed as "<=2, 3-4, ..."). */
export function band<T extends { atMost: number }>(rows: readonly T[], value: number): T {
  return rows.find((r) => value <= r.atMost) ?? rows.at(-1)!
}
