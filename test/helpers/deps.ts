// Programs some tiers need from the machine. Tests never install them: scripts/test-deps.sh does
// (CI runs it); a test that finds one missing fails and names that command.
import { existsSync } from 'node:fs'

export const INSTALL_COMMAND = 'sudo bash scripts/test-deps.sh'

/** Fails the test's set-up unless `path` exists, naming the package and how to install it. */
export function requireProgram(path: string, pkg: string): void {
  if (!existsSync(path)) throw new Error(`${path} is missing (Debian package ${pkg}): run \`${INSTALL_COMMAND}\``)
}
