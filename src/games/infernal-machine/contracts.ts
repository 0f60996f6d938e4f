// A Contract that loses a persona (p.53 Involuntarily Breaking a Contract, p.62 Contract
// Re-assignment): sent to Sick Bay or dead of an Epidemic, gone by a Fortunes of War result, an
// Event, Shenanigans or Investor Sentiment. The place is filled from the shop at once if the player
// wishes and the expertise can be met; otherwise the marker is recycled, with no penalty.
import type { Campaign } from './campaign.ts'
import type { Refill } from './commands.ts'
import { type Ctx, note } from './sortie.ts'

type Hired = Campaign['personae'][number]

/**
 * Brings every Contract up to date with who is still on it. `REFILL` says who fills a place: AUTO
 * (the default) takes from the shop, non-investors before investors (an investor in the shop gives
 * Influence), the least expert who covers what is missing, else the most expert and again; a list
 * takes those named, in order, while they are in the shop; NONE adds no one. A Contract still met by
 * the personae left on it stands.
 */
export function settleContracts(ctx: Ctx, c: Campaign, refill: Refill = 'auto'): void {
  const expertise = (id: string) => ctx.pack.personae.get(id)!.expertise
  for (const k of [...c.contracts]) {
    const on = k.personae.filter((id) => c.personae.some((p) => p.id === id && p.where === 'contract'))
    if (on.length === k.personae.length) continue
    const gone = k.personae.filter((id) => !on.includes(id))
    const need = ctx.pack.campaign.contracts.find((x) => x.id === k.id)!.expertise
    const added = fill(ctx, c, refill, need - on.reduce((a, id) => a + expertise(id), 0))
    const met = [...on, ...added].reduce((a, id) => a + expertise(id), 0) >= need
    const names = (ids: string[]) => ids.map((id) => ctx.pack.personae.get(id)!.name).join(', ')
    if (met) {
      k.personae = [...on, ...added]
      for (const p of c.personae) if (added.includes(p.id)) p.where = 'contract'
      note(
        ctx,
        'p.53',
        `contract ${k.id} loses ${names(gone)}${added.length ? `; ${names(added)} take${added.length === 1 ? 's' : ''} the place` : '; those left still meet it'}`,
      )
      continue
    }
    c.contracts = c.contracts.filter((x) => x !== k)
    for (const p of c.personae) if (on.includes(p.id)) p.where = 'shop'
    note(
      ctx,
      'p.53',
      `contract ${k.id} loses ${names(gone)}: expertise ${need} not met, the contract is recycled (no penalty)`,
    )
  }
}

/** The personae who would cover `short` expertise, as REFILL picks them (none placed yet). */
function fill(ctx: Ctx, c: Campaign, refill: Refill, short: number): string[] {
  if (short <= 0 || refill === 'none') return []
  const expertise = (p: Hired) => ctx.pack.personae.get(p.id)!.expertise
  const investor = (p: Hired) => ctx.pack.personae.get(p.id)!.deck === 'investor'
  const shop = c.personae.filter((p) => p.where === 'shop')
  const picked: string[] = []
  if (Array.isArray(refill)) {
    for (const id of refill) {
      const p = shop.find((x) => x.id === id)
      if (!p || short <= 0) continue
      picked.push(p.id)
      short -= expertise(p)
    }
    return picked
  }
  for (const group of [shop.filter((p) => !investor(p)), shop.filter(investor)]) {
    const left = group.sort((a, b) => expertise(a) - expertise(b))
    while (short > 0 && left.length) {
      const i = left.findIndex((p) => expertise(p) >= short)
      const p = left.splice(i >= 0 ? i : left.length - 1, 1)[0]!
      picked.push(p.id)
      short -= expertise(p)
    }
  }
  return picked
}
