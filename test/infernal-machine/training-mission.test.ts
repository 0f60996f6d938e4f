import { describe, expect, it } from 'vitest'
import { LabelledDice } from '../helpers/spec.ts'
import { AUTO_CONCUSSION } from '../../src/games/infernal-machine/detonation.ts'
import { setupMission } from '../../src/games/infernal-machine/mission.ts'
import { type MissionChoices, runMission } from '../../src/games/infernal-machine/missionTurn.ts'
import { AUTO_NAV } from '../../src/games/infernal-machine/navigation.ts'
import { AUTO_REPAIR } from '../../src/games/infernal-machine/repair.ts'
import { AUTO_RESPONSE } from '../../src/games/infernal-machine/response.ts'
import { pack, standardBoat } from './helpers.ts'

/** Out to the Channel and back to the Home Wharf, then home (a TL 0 training run, p.43). */
const outAndBack: MissionChoices = {
  ...AUTO_RESPONSE,
  ...AUTO_CONCUSSION,
  ...AUTO_NAV,
  ...AUTO_REPAIR,
  approach: () => 'easy',
  detonate: () => false,
  move: () => 'stay',
  targetChecks: () => [],
  attack: () => false,
  panicSpaceMechanism: (_m, o) => o[0]!,
  orders: (m) => (m.boat.crew[0]!.panic ? {} : { moser: { kind: 'steer' } }),
  maneuver: (m) =>
    m.lost
      ? {}
      : m.position === 'wharf' && m.turn === 1
        ? { to: 'channel' }
        : m.position === 'channel'
          ? { to: 'wharf' }
          : {},
  endMission: (m) => m.position === 'wharf' && m.turn > 1,
  abandon: () => false,
}

describe('Infernal Machine: a Training-board mission played through (p.15-38)', () => {
  it('p.15-38 set-up, out to the Channel, back to the Wharf, home: the same dice give the same mission', () => {
    const play = () => {
      const c = { pack, dice: new LabelledDice([]), notes: [] as { rule: string; text: string }[] }
      const m = setupMission(c, {
        side: 'CSA',
        season: 'spring',
        board: 'training',
        launch: 'wharf',
        type: 'training',
        boat: standardBoat(0),
        pool: { black: 3, red: 0 },
        alert: 0,
        training: 0,
      })
      runMission(c, m, outAndBack)
      return { m, c }
    }
    const { m, c } = play()
    expect(play().c.notes).toEqual(c.notes)
    expect([m.ended, m.position, m.farthest, m.turn]).toEqual(['home', 'wharf', 1, 2])
    expect(c.notes.filter((n) => n.rule === 'p.23').map((n) => n.text)).toEqual(['Mission turn 1', 'Mission turn 2'])
    expect(c.notes.at(-1)!.text).toBe('the fishboat is home at Home Wharf: the mission ends')
  })
})
