// The engine's port onto copying a whole judge between databases (`pbem db copy`), apart from
// database.ts so that the command line loads it only for that command.
export { copyJudge } from '../log/copy.ts'
