// The arrows between the layers of src/ (docs/architecture.md), checked by dependency-cruiser against
// the rules in .dependency-cruiser.cjs. `npm run lint:deps` runs it; `npm run lint` calls that, so a
// broken arrow fails CI.
//
// dependency-cruiser reads TypeScript through the TypeScript compiler's JavaScript API, which the
// compiler this project uses (7, written in Go) no longer has: pointed at src/ it finds no module
// at all. So each source is first turned into JavaScript by esbuild, in a copy of src/ under
// .tmp/, keeping every import, type-only ones included (a type is an arrow too), and the copy is
// cruised. The copy's files end in .js; the report names the sources.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'
import { cruise, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** A broken arrow: the rule, and the import that breaks it (paths of the sources, from the root). */
export interface Violation {
  rule: string
  severity: string
  from: string
  to: string
  cycle?: string[]
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sourcesUnder(path)
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

// Type-only imports and re-exports become plain ones, so that esbuild (which drops what it knows to
// be types) keeps them; with verbatimModuleSyntax it keeps every other import as written.
const keepTypeImports = (source: string) =>
  source.replace(/^import type /gm, 'import ').replace(/^export type (\{[^}]*\}\s*from\s)/gm, 'export $1')

const SPECIFIER = /((?:from|import)\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g

/**
 * Writes the JavaScript copy of `root`/src into `copy`. A relative import of something that is not a
 * source in src (a JSON file, a file outside src such as a test helper) gets an empty stand-in at
 * its place in the copy, so that it resolves and the rules see where it points.
 */
function writeCopy(root: string, copy: string): void {
  const src = join(root, 'src')
  const stand = new Set<string>()
  for (const file of sourcesUnder(src)) {
    const { code } = transformSync(keepTypeImports(readFileSync(file, 'utf8')), {
      loader: 'ts',
      format: 'esm',
      sourcefile: file,
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    })
    const js = code.replace(SPECIFIER, (_whole, before: string, spec: string) => {
      const target = resolve(dirname(file), spec)
      if (!target.endsWith('.ts') || relative(src, target).startsWith('..')) stand.add(relative(root, target))
      return `${before}"${spec.replace(/\.ts$/, '.js')}"`
    })
    const out = join(copy, relative(root, file)).replace(/\.ts$/, '.js')
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, js)
  }
  for (const path of stand) {
    const out = join(copy, path.replace(/\.ts$/, '.js'))
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, path.endsWith('.json') ? '{}' : '')
  }
}

const sourceName = (path: string) => path.replace(/\.js$/, '.ts')

/** Cruises `root`/src against the rules in `config`; the broken arrows, none when all hold. */
export async function brokenArrows(
  root = repository,
  config = join(repository, '.dependency-cruiser.cjs'),
): Promise<Violation[]> {
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const copy = mkdtempSync(join(root, '.tmp', 'arrows-'))
  try {
    writeCopy(root, copy)
    const options = await extractDepcruiseOptions(config)
    const { output } = await cruise(['src'], { ...options, baseDir: copy, validate: true })
    if (typeof output === 'string') throw new Error('dependency-cruiser gave no result')
    if (output.summary.totalCruised === 0) throw new Error('dependency-cruiser found no module in src')
    return output.summary.violations.map((v: IViolation) => ({
      rule: v.rule.name,
      severity: v.rule.severity,
      from: sourceName(v.from),
      to: sourceName(v.to),
      ...(v.cycle ? { cycle: v.cycle.map((c) => sourceName(c.name)) } : {}),
    }))
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  const violations = await brokenArrows()
  const errors = violations.filter((v) => v.severity === 'error')
  for (const v of violations)
    console.log(`${v.severity} ${v.rule}: ${v.from} -> ${v.to}${v.cycle ? ` (${v.cycle.join(' -> ')})` : ''}`)
  console.log(
    errors.length
      ? `lint:deps: ${errors.length} import(s) break the arrows of .dependency-cruiser.cjs`
      : 'lint:deps: every arrow holds',
  )
  return errors.length ? 1 : 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main()
