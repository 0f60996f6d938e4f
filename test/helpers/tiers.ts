// The tiers' file lists checked against the test folder, for vitest.config.ts: a test file in no
// tier, or a listed path that matches no file, stops the run before any test starts.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

export interface Tier {
  name: string
  include: string[]
  exclude?: string[]
}

/** A glob of `**` (any folders) and `*` (any name part) as a regular expression over a path. */
export function globRegExp(glob: string): RegExp {
  let re = ''
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (glob.startsWith('**/', i)) {
      re += '(?:.*/)?'
      i += 2
    } else if (c === '*') re += '[^/]*'
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name).split('\\').join('/'))
    .sort()
}

/** The files each tier runs, after checking that every test file under `dir` is in one. */
export function checkTiers(tiers: Tier[], dir: string): Map<string, string[]> {
  const files = testFiles(dir)
  const matches = (globs: string[], f: string) => globs.some((g) => globRegExp(g).test(f))
  const byTier = new Map(
    tiers.map((t) => [t.name, files.filter((f) => matches(t.include, f) && !matches(t.exclude ?? [], f))]),
  )
  const problems: string[] = []
  const inSome = new Set([...byTier.values()].flat())
  for (const f of files) if (!inSome.has(f)) problems.push(`${f} is in no tier`)
  for (const t of tiers)
    for (const g of t.include)
      if (!files.some((f) => globRegExp(g).test(f))) problems.push(`${t.name}: ${g} matches no test file`)
  if (problems.length)
    throw new Error(`vitest.config.ts: put every test file in a tier (docs/testing.md):\n  ${problems.join('\n  ')}`)
  return byTier
}
