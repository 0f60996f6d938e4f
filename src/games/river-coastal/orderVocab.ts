// The names River and Coastal's orders use, for the declared grammar (orderGrammar.ts): her own
// ships, the enemy's, the guns and turrets of the side, the places a party may land and the marks a
// mortar may aim at, each with what a player is told when a name is not one of them.
import { listVocabulary, type Vocabularies, type Vocabulary } from '../kit/grammar.ts'
import type { OrderContext } from './orderTypes.ts'
import { findUnit, unitSuggestion } from './orderWords.ts'

/** The words FIRE takes for a group of guns by their mounting (§9 L599-605). */
export const GUN_GROUPS = ['BOW', 'STERN', 'PORT', 'STARBOARD', 'STBD', 'PIVOTS', 'ALL']

const said = (message: string, suggestion?: string) => (suggestion ? { message, suggestion } : { message })

/** Units matched by id or name (findUnit), of those `keep` allows; the rest refused by `unknown`. */
function units(
  ctx: OrderContext,
  keep: (id: string) => boolean,
  unknown: Vocabulary['unknown'],
  extra: string[] = [],
): Vocabulary {
  const ids = [...Object.keys(ctx.units).filter(keep), ...extra]
  return {
    resolve: (w) => {
      if (extra.includes(w.toUpperCase())) return w.toUpperCase()
      const id = findUnit(ctx, w)
      return id && keep(id) ? id : null
    },
    ids: () => ids,
    ...(unknown ? { unknown } : {}),
  }
}

/** A word the ship's own check reads (a gun of hers): any word, upper case; `ids` are those of the side. */
function anyWord(ids: string[]): Vocabulary {
  return { resolve: (w) => (/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(w) ? w.toUpperCase() : null), ids: () => ids }
}

function fixed(entries: { id: string; aliases?: string[] }[], unknown?: Vocabulary['unknown']): Vocabulary {
  return { ...listVocabulary(entries), ...(unknown ? { unknown } : {}) }
}

function targets(ctx: OrderContext) {
  const mine = (id: string) => ctx.units[id]?.side === ctx.side
  const target = (w: string) =>
    findUnit(ctx, w) ? said(`${w} is one of your own`) : said(`no unit called ${w}`, unitSuggestion(ctx, w))
  return {
    own: units(
      ctx,
      (id) => ctx.own.some((s) => s.id === id),
      (w) => said(`${w} is not one of your ships afloat`, unitSuggestion(ctx, w, true)),
    ),
    enemy: units(ctx, (id) => !mine(id), target),
    target: units(ctx, (id) => !mine(id), target, ['NEAREST']),
    engage: units(
      ctx,
      (id) => !mine(id),
      (w) => said(`ENGAGE ${w}: name an enemy ship or NEAREST`, unitSuggestion(ctx, w)),
      ['NEAREST'],
    ),
    unit: units(
      ctx,
      () => true,
      (w) => said(`no unit called ${w}`, unitSuggestion(ctx, w)),
    ),
  }
}

/** Where a party may land (§12 L1127), and what mortars may bombard: enemy forts and towns (§9 L845). */
function marks(ctx: OrderContext) {
  const places = Object.keys(ctx.places)
  const forts = Object.keys(ctx.units).filter((u) => u in ctx.places && ctx.units[u]!.side !== ctx.side)
  const towns = Object.keys(ctx.towns ?? {})
  const aimed = [...forts, ...towns]
  return {
    place: {
      resolve: (w: string) => (places.includes(w.toUpperCase()) ? w.toUpperCase() : null),
      ids: () => places,
      unknown: (w: string) =>
        said(`LAND ... AT ${w.toUpperCase()}: parties can make for ${places.join(', ') || 'nothing here'}`),
    },
    mortar: {
      resolve: (w: string) => {
        const id = towns.includes(w.toUpperCase()) ? w.toUpperCase() : findUnit(ctx, w)
        return id && aimed.includes(id) ? id : null
      },
      ids: () => aimed,
      unknown: (w: string) =>
        said(
          `MORTAR ${w}: mortars fire at an enemy fort or town`,
          aimed.length ? `targets: ${aimed.join(', ')}` : undefined,
        ),
    },
  }
}

/** The vocabularies of one side's order mail at the start of a move. */
export function riverVocabularies(ctx: OrderContext): Vocabularies {
  const guns = [...new Set(ctx.own.flatMap((s) => [...s.guns.map((g) => g.id), ...s.turrets.map((t) => t.id)]))]
  const turrets = [...new Set(ctx.own.flatMap((s) => s.turrets.map((t) => t.id.toUpperCase())))]
  return {
    ...targets(ctx),
    ...marks(ctx),
    guns: anyWord([...GUN_GROUPS.filter((g) => g !== 'STBD'), ...guns.map((g) => g.toUpperCase())]),
    turret: fixed(turrets.map((t) => ({ id: t }))),
    quadrant: fixed(
      [
        { id: 'F', aliases: ['FORWARD'] },
        { id: 'P', aliases: ['PORT'] },
        { id: 'S', aliases: ['STARBOARD', 'STBD'] },
        { id: 'A', aliases: ['AFT'] },
      ],
      (w) => said(`TURRET ... ${w}: a turret faces F, P, S or A`),
    ),
    turn: fixed([{ id: 'PORT' }, { id: 'STARBOARD', aliases: ['STBD'] }]),
    station: fixed([{ id: 'PORT' }, { id: 'STARBOARD', aliases: ['STBD'] }, { id: 'AHEAD' }, { id: 'ASTERN' }], (w) =>
      said(`STATION: ${w} is not a station`, 'PORT, STARBOARD, AHEAD or ASTERN'),
    ),
    anchor: fixed([{ id: 'DROP' }, { id: 'WEIGH' }], () => said('ANCHOR reads ANCHOR DROP or ANCHOR WEIGH')),
    balloon: fixed(
      [
        { id: 'UP', aliases: ['RAISE'] },
        { id: 'DOWN', aliases: ['LOWER'] },
      ],
      () => said('BALLOON reads BALLOON UP or BALLOON DOWN', 'BALLOON UP'),
    ),
  }
}
