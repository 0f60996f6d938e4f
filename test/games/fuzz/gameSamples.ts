// Each game's own sample lines for the fuzzer: its demo mails, its bots' orders at the state, and
// the order forms its parser documents (the form comments of its order files), written out with
// `{}` where the fuzzer puts a word of the reader's view.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Ruleset } from '../../../src/games/contract.ts'
import { rebelRaidersFactory } from '../../../src/games/rebel-raiders/index.ts'
import { bindRebelPack } from '../../../src/games/rebel-raiders/pack.ts'
import type { RrCommand } from '../../../src/games/rebel-raiders/orderTypes.ts'
import type { RrState } from '../../../src/games/rebel-raiders/state.ts'
import { seaDevilsFactory } from '../../../src/games/sea-devils/index.ts'
import { CSA_VERBS } from '../../../src/games/sea-devils/orderWords.ts'
import type { SdCommand } from '../../../src/games/sea-devils/orderWords.ts'
import type { SeaDevilsPack } from '../../../src/games/sea-devils/pack.ts'
import type { SdState } from '../../../src/games/sea-devils/state.ts'
import { confederateBot, federalBot } from '../../golden/bots.ts'
import { confederateOrders, sideView, unionOrders } from '../../rebel-raiders/bots/bots.ts'
import { orderLinesOf, vocabularyOf } from './orderFuzz.ts'

export interface SampleInput {
  game: string
  key: string
  role: string
  state: unknown
  ruleset: Ruleset<unknown, unknown>
}

export interface GameSamples {
  /** The order words of the game's parser. */
  words: readonly string[]
  /** Lines a player of this role might write now: the bots' where there are bots, then the forms. */
  samples(input: SampleInput): { bot: string[]; forms: string[] }
  /** The words orders name most (units, places, cards), from what the role may see. */
  slots(input: SampleInput, view: Record<string, unknown>): string[]
}

/** Every string or number under one of `keys` anywhere in `v` (ids, places). */
export function fieldValues(v: unknown, keys: readonly string[]): string[] {
  const out = new Set<string>()
  const walk = (x: unknown, depth: number) => {
    if (depth > 8) return
    if (Array.isArray(x)) for (const y of x) walk(y, depth + 1)
    else if (x && typeof x === 'object')
      for (const [k, y] of Object.entries(x)) {
        if (keys.includes(k) && (typeof y === 'string' || typeof y === 'number')) out.add(String(y))
        else if (keys.includes(k) && Array.isArray(y))
          for (const z of y) if (typeof z === 'string' || typeof z === 'number') out.add(String(z))
        walk(y, depth + 1)
      }
  }
  walk(v, 0)
  return [...out].filter((w) => w && w.length <= 20).sort()
}

/** The order lines of a game's demo mails, by role (the role is the file name's tail: p3-federal.eml). */
function demoLines(game: string): Map<string, string[]> {
  const root = join(import.meta.dirname, '../../../src/games', game, 'demo')
  const byRole = new Map<string, string[]>()
  let folders: string[] = []
  try {
    folders = readdirSync(root)
  } catch {
    return byRole
  }
  for (const folder of folders)
    for (const file of readdirSync(join(root, folder))) {
      const role = /^p\d+-(.+)\.eml$/.exec(file)?.[1]
      if (!role) continue
      const raw = readFileSync(join(root, folder, file), 'utf8')
      const body = raw
        .slice(raw.search(/\r?\n\r?\n/))
        .replace(/<\/div>\s*<div>/g, '\n')
        .replace(/<[^>]+>/g, '\n')
      const lines = orderLinesOf(body).filter((l) => !/^(>|On |Sent from|--)/.test(l) && !/^[A-Z][a-z]+ [A-Z]/.test(l))
      byRole.set(role, [...(byRole.get(role) ?? []), ...lines])
    }
  return byRole
}

const seaDevilsDemo = demoLines('sea-devils')
const seaDevilsPack = seaDevilsFactory.defaultPack().content as SeaDevilsPack

const seaDevilsAreas = seaDevilsPack.areas.map((a) => a.id)

const seaDevils: GameSamples = {
  slots: (_input, view) => [...fieldValues(view, ['id', 'area', 'loc', 'ship']), ...seaDevilsAreas],
  words: [...CSA_VERBS, 'DEPLOY', 'DEPLOY-UP', 'CSE', 'STACK', 'BLOCKADE', 'EUROPE-BLOCKADE', 'SQUADRON', 'POLICY'],
  samples: ({ game, key, role, state, ruleset }) => {
    const input = {
      game,
      key,
      state: state as SdState,
      ruleset: ruleset as Ruleset<SdState, SdCommand>,
      pack: seaDevilsPack,
    }
    const bot = role === 'federal' ? federalBot(input) : confederateBot(input)
    const forms =
      role === 'federal'
        ? [
            'DEPLOY {}',
            'DEPLOY-UP {}',
            'MOVE {} {} {}',
            'CSE {}',
            'STACK {},{}',
            'BLOCKADE {} {}',
            'EUROPE-BLOCKADE {} IN {}',
            'POLICY ALL ON ESCAPE-ATTEMPT: CONTEST',
          ]
        : [
            '{}: RUN-OUT, MOVE {}, RAID',
            '{}: MOVE {} {} +RAID',
            '{}: ENTER-PORT',
            '{}: ENTER-PORT {}',
            '{}: LEAVE-PORT, MOVE {}',
            '{}: STAY',
            'SQUADRON A = {},{}',
            'A: MOVE {}',
            'POLICY {} ON SPOTTED: ESCAPE IF diff >= 0; FIGHT',
          ]
    return { bot: bot ? orderLinesOf(bot) : [], forms: [...(seaDevilsDemo.get(role) ?? []), ...forms] }
  },
}

const rebelMap = bindRebelPack(rebelRaidersFactory.defaultPack().content as never).map

const rebelRaiders: GameSamples = {
  slots: (_input, view) => [
    ...((view.pieces as string[]) ?? []).flatMap((p) => p.split(' ').slice(1)),
    ...fieldValues(view, ['hand', 'inPlay']),
  ],
  words: [
    'MOVE',
    'ASSAULT',
    'COUNTERATTACK',
    'COMMAND',
    'RELIEVE',
    'TACTICS',
    'INTERCEPT',
    'DEFEND',
    'POLICY',
    'BUILD',
    'EXCHANGE',
    'DISCARD',
    'REFRESH',
    'PLAY',
    'REACT',
    'PASS',
    'ROLL',
    'LEE',
    'HUNT',
    'RAID',
    'LOAD',
    'UNLOAD',
    'SEARCH',
  ],
  samples: ({ role, state, ruleset }) => {
    const s = state as RrState
    const rs = ruleset as Ruleset<RrState, RrCommand>
    const bot =
      role === 'confederate'
        ? confederateOrders(rs, rebelMap, sideView(s, 'CSA'))
        : unionOrders(rs, rebelMap, sideView(s, 'USA'))
    return {
      bot: orderLinesOf(bot),
      forms: [
        'MOVE {} {} > {} > RAID',
        'MOVE {} {} > LOAD',
        'MOVE {} {} > {} > UNLOAD',
        'MOVE {},{} {} > SEARCH',
        'MOVE {} RAID x3',
        'ASSAULT {} FROM {}',
        'ASSAULT {} FROM {} TACTICS 1',
        'ASSAULT {} FROM {} TACTICS 4',
        'COUNTERATTACK {} FROM {}',
        'COMMAND {} {}',
        'RELIEVE {}',
        'TACTICS {} 2',
        'INTERCEPT STACK',
        'INTERCEPT EACH AT {}',
        'DEFEND ALL TACTICS 1',
        'DEFEND {} TACTICS 3',
        'POLICY ALL ON BATTLE: RETREAT IF lost >= 1; FIGHT',
        'POLICY ALL ON DEFENCE: SHELTER IF foes >= 3; COMBINED',
        'BUILD RAIDER AT {}',
        'BUILD RUNNER AT {}',
        'BUILD SLOOP',
        'BUILD IRONCLAD AT {} SPECIAL',
        'BUILD CARD',
        'EXCHANGE 1',
        'DISCARD {}',
        'REFRESH {}',
        'PLAY {}',
        'PLAY {} AT {}',
        'REACT {} AT ALL',
        'REACT {} OFF',
        'PASS',
        'ROLL INDUSTRY',
        'ROLL CONSCRIPTION',
        'LEE AT {}',
        'LEE AT ALL',
        'LEE OFF',
        'HUNT AT {}',
        'HUNT AT {},{}',
        'HUNT AT ALL',
        'HUNT OFF',
      ],
    }
  },
}

const riverDemo = demoLines('river-coastal')

const riverCoastal: GameSamples = {
  slots: (_input, view) => fieldValues(view, ['id']),
  words: [
    'SPEED',
    'TURN',
    'HOLD',
    'FIRE',
    'TURRET',
    'RAM',
    'CAPTAIN',
    'ANCHOR',
    'BOARD',
    'LAND',
    'SPAR',
    'REPAIR',
    'CREW',
    'REFLOAT',
    'MORTAR',
    'TOW',
    'CAST',
    'RELEASE',
    'IGNITE',
    'DETONATE',
    'BALLOON',
    'DIRECTIVE',
    'TRANSFER',
  ],
  samples: ({ role }) => ({
    bot: [],
    forms: [
      ...(riverDemo.get(role) ?? []),
      '{}: SPEED 2',
      '{}: SPEED 4; FIRE ALL AT NEAREST',
      '{}: SPEED 1; TURN PORT 10',
      '{}: SPEED 2; TURN PORT 30 AT 1; FIRE ALL AT {}',
      '{}: SPEED 4; TURN STARBOARD 45; FIRE ALL AT {} ELSE NEAREST',
      '{}: TURRET T1 S; FIRE T1 AT {} ELSE NEAREST',
      '{}: FIRE ALL AT {}; FIRE ALL AT {}',
      '{}: HOLD; FIRE PIVOTS AT NEAREST',
      '{}: ANCHOR DROP',
      '{}: ANCHOR WEIGH',
      '{}: MORTAR {} SQ 3',
      '{}: BOARD {} 2',
      '{}: LAND 2 AT TOWN',
      '{}: REPAIR 2 AUTO',
      '{}: CREW SPARE TO BP',
      '{}: TOW {}',
      '{}: RAM {}',
      '{}: RAM IF BOW-ON',
      '{}: SPAR {}',
      '{}: REFLOAT',
      'DIRECTIVE {} {}',
      'FLEET SIGNAL {} {}',
      'TRANSFER {}',
    ],
  }),
}

const infernalDemo = demoLines('infernal-machine')

const infernalMachine: GameSamples = {
  // A solitaire game: the captain may know the whole state; its words are his vocabulary.
  slots: ({ state }) => vocabularyOf(state),
  words: [
    'INVESTOR',
    'BUILD',
    'RELOCATE',
    'COMMISSION',
    'CONTRACT',
    'INVEST',
    'LETTER',
    'MISSION',
    'RECRUIT',
    'SALVAGE',
    'REQUISITION',
    'PASS',
    'CHANGE',
    'CREW',
    'ROUTE',
    'TARGET',
    'APPROACH',
    'TACTIC',
    'CONCUSSION',
    'PACE',
    'HALT',
  ],
  samples: ({ role }) => ({
    bot: [],
    forms: [
      ...(infernalDemo.get(role) ?? []),
      'BUILD propeller@99999999999999999999',
      'BUILD {}@{}',
      'BUILD {} {}@2 MOVE {}@1',
      'INVESTOR {}',
      'RELOCATE {}',
      'COMMISSION',
      'COMMISSION REROLL 2 PERSIST CUBES',
      'CONTRACT {} {}',
      'INVEST 5',
      'INVEST 20 SOLICITOR',
      'LETTER MARQUE PAY 5',
      'LETTER RECRUITMENT PAY 10 FOR {} GREASE 1',
      'MISSION TRAINING FROM {} CREW {}@1',
      'MISSION ROLL FROM {} CREW {}@1,{}@2',
      'RECRUIT SAILOR KEEP ALL',
      'RECRUIT MILITARY {}',
      'REQUISITION {} GREASE 1',
      'SALVAGE KEEP {}',
      'SALVAGE ROLL KEEP {}',
      'PASS',
      'CHANGE SIDES',
      'CREW {}=STEER',
      'ROUTE {}@2 {}',
      'TARGET {}',
      'TARGET NONE',
      'APPROACH BEST',
      'TACTIC DETONATE-AT NEAR EXIT-IF-HITS 2',
      'CONCUSSION EASY',
      'RESPONSE AUTO',
      'FATESMILES 2',
      'NAVCRANK EASY',
      'ENDMISSION HOME',
      'DOCTOR ALL',
      'SENTIMENT RED',
      'SHIFT VISIBILITY IF 2 TO 3 PAY RED',
      'BENEFIT BLACK',
      'SLACK 2',
      'MARKERS FATIGUE {}',
      'PACE STEP',
      'HALT navcrank',
      'HALT NONE',
    ],
  }),
}

export const GAME_SAMPLES: Record<string, GameSamples> = {
  'sea-devils': seaDevils,
  'rebel-raiders': rebelRaiders,
  'river-coastal': riverCoastal,
  'infernal-machine': infernalMachine,
}
