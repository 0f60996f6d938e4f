// Files the judge reads at run time (templates, migrations, event schemas, demo mails) are found from
// the project's root, so the same code runs from src/ under tsx and compiled into dist/: both are one
// folder below the root.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** A path inside the project, e.g. projectPath('src', 'games', id, 'templates'). */
export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts)
}
