// The demonstration game (contract GameDemo): the 1861 campaign played from a few sample order mails
// in demo/1861: the first game turn, April 1861, its four phases (the Confederate blockade runner out
// of Wilmington, the Union's standing interception off Charleston, builds). The seed pins the dice.
import type { GameDemo } from '../contract.ts'

export const RR_DEMO_GAME = 'rr-demo'

export const RR_DEMO = (home: string): GameDemo => ({
  title: 'Rebel Raiders on the High Seas, April 1861 to December 1864, two players',
  scenario: '1861',
  players: [
    { role: 'confederate', address: 'confederate@example.test', name: 'Stephen Mallory' },
    { role: 'union', address: 'union@example.test', name: 'Gideon Welles' },
  ],
  gameId: RR_DEMO_GAME,
  serveGameId: 'rr-serve',
  example: { role: 'confederate', lines: ['MOVE BR-6 WILM.BS > HATT > NATL > CHAN > FREN > LOAD'] },
  mails: `${home}/demo/1861`,
  seed: 'rr-demo-1',
  deadlineHours: 72,
  // The first game turn (its four phases): every phase's reports run to hundreds of kilobytes.
  resolutions: 4,
})
