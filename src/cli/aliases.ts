// One scheme for the command tree: `pbem <noun> <verb>` (game pause, player key, dice verify). The
// spellings of the previous release (`pbem pause`, `pbem key`, `pbem verify`) still run for one more
// release, hidden from the command list; each says on standard error what it is called now.
import type { Command, CommandOptions } from 'commander'

/** Builds one command under `parent`; called twice, for the noun and for the old top-level spelling. */
export type Define = (parent: Command, opts: CommandOptions) => Command

/** Registers a command under `noun`, and under `old` (the program) as a hidden old spelling. */
export function withOldSpelling(noun: Command, old: Command, define: Define): Command {
  const now = define(noun, {})
  const alias = define(old, { hidden: true })
  const name = `pbem ${noun.name()} ${now.name()}`
  alias.description(`the old spelling of ${name}, kept for one release: ${now.description()}`)
  alias.hook('preAction', () => {
    console.error(`(pbem ${alias.name()} is now ${name}; the old spelling goes in the next release)`)
  })
  return now
}
