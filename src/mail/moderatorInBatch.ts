// A moderator's mail is filed in the mail's one batch on the async store, whatever it carries: each
// command runs on the planning judge (src/engine/planningJudge.ts), whose writes are the game's
// events, the letters, and the dice secret a resolution draws for the next point. What a command
// reads must be read ahead so that deciding sends no synchronous statement: the game's fold always
// (the GAME line names it), and for the commands that run the rules or the house, the game's secrets
// (the dice secret of the open point for PROCESS and PREVIEW, the hidden-draw secret for a game that
// ends or a house seat that plays: PROCESS, and REPLACE with a house seat).
import { readScript } from '../orders/script.ts'

/** The moderator's commands that read a game's dice or hidden-draw secret. */
const READ_SECRETS = new Set(['PROCESS', 'PREVIEW', 'REPLACE'])

/** Whether a moderator's mail `body` carries a command that reads the game's secrets. */
export function moderatorReadsSecrets(body: string): boolean {
  return readScript(body).lines.some((l) => READ_SECRETS.has(l.words[0] ?? ''))
}
