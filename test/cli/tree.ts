// The CLI's command tree as src/cli/main.ts builds it, its parse held back: the tests read the
// commands, their options and their help without running any of them.
import type { Command } from 'commander'
import { vi } from 'vitest'

export async function program(): Promise<Command> {
  vi.resetModules()
  const { Command: Cmd } = await import('commander')
  let built: Command | null = null
  const parse = vi.spyOn(Cmd.prototype, 'parseAsync').mockImplementation(function (this: Command) {
    built = this
    return Promise.resolve(this)
  })
  try {
    await import('../../src/cli/main.ts')
  } finally {
    parse.mockRestore()
  }
  if (!built) throw new Error('src/cli/main.ts built no program')
  return built
}

/** Every command below `root`, with its full name (`game create`). */
export function commands(root: Command, path: string[] = []): { path: string; command: Command }[] {
  return root.commands.flatMap((c) => {
    const p = [...path, c.name()]
    return [{ path: p.join(' '), command: c }, ...commands(c, p)]
  })
}
