// The demonstration game (contract GameDemo): the CSA campaign for one captain, played from the
// sample order mails in demo/campaign-csa: a shop recruited and a fishboat built in 1861, a training
// mission out of Mount Pleasant flown turn by turn with a question at the Navigation crank answered
// by DECIDE, then the seasons run on to the end of the war. The seed pins the dice.
import type { GameDemo } from '../contract.ts'

export const IM_DEMO_GAME = 'im-demo'

export const IM_DEMO = (home: string): GameDemo => ({
  title: 'Infernal Machine, CSA campaign (Spring 1861 to Spring 1865), one captain',
  scenario: 'campaign-csa',
  players: [{ role: 'captain', address: 'captain@example.test', name: 'Horace Hunley' }],
  gameId: IM_DEMO_GAME,
  serveGameId: 'im-serve',
  example: {
    role: 'captain',
    lines: ['PACE MISSION', 'RECRUIT MECHANIC KEEP ALL', 'RECRUIT JOURNEYMAN KEEP ALL'],
  },
  mails: `${home}/demo/campaign-csa`,
  seed: 'im-demo-1',
  deadlineHours: 72,
})
