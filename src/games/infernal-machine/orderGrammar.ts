// Infernal Machine's orders, declared once on the kit's grammar (digest section 5, Rule Book p.23-61):
// the campaign actions, run in the order written, and the standing orders that stay until replaced.
// The parser, the echo (AS UNDERSTOOD) and HELP come from these declarations; orders.ts turns what
// is read into commands and receipt.ts checks them against the game.
import { type Grammar, listVocabulary, type Vocabularies } from '../kit/grammar.ts'
import { ACTIONS } from './actionForms.ts'
import { CAMPAIGN_ORDERS } from './campaignForms.ts'
import { MISSION_ORDERS } from './missionForms.ts'
import type { ImPack } from './pack.ts'

export { HALT_KINDS } from './campaignForms.ts'

/** The orders of an Infernal Machine captain. `:`, `=` and `@` join the pieces of a word (moser=MECH:ballastTank). */
export const IM_GRAMMAR: Grammar = {
  noun: 'order',
  nouns: 'orders',
  signs: [','],
  forms: [...ACTIONS, ...MISSION_ORDERS, ...CAMPAIGN_ORDERS],
}

const vocabs = new WeakMap<ImPack, Vocabularies>()

/** The names orders use, from the pack, each read in any case. */
export function imVocabularies(pack: ImPack): Vocabularies {
  let v = vocabs.get(pack)
  if (!v) {
    const ids = (xs: Iterable<string>) => listVocabulary([...new Set(xs)].map((x) => ({ id: x })))
    v = {
      persona: ids(pack.personae.keys()),
      part: ids(pack.components.keys()),
      position: ids([...pack.boards.values()].flatMap((b) => b.positions.map((p) => p.id))),
      location: ids(pack.campaign.locations.map((l) => l.id)),
      contract: ids(pack.campaign.contracts.map((k) => k.id)),
      target: ids(pack.tactical.targets.map((t) => t.id)),
    }
    vocabs.set(pack, v)
  }
  return v
}
