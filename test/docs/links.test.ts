// The documentation holds together: every relative link of every Markdown file reaches a file (and a
// heading) inside the repository, no text points to a file outside it, and every `pbem` command the
// docs name in code is one the CLI has. The mail settings of the operating guide load as written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Command } from 'commander'
import { describe, expect, it, vi } from 'vitest'
import {
  anchors,
  brokenLink,
  type CommandNode,
  codeTexts,
  links,
  markdownFiles,
  pbemInvocations,
  ROOT,
  unknownCommand,
} from './docLinks.ts'

const files = markdownFiles()
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]))

/**
 * The CLI's command tree, read from the program src/cli/main.ts builds (its parse is held back). The
 * module registry is reset first, so that main.ts is evaluated here even in a worker that shares its
 * modules between files.
 */
async function commandTree(): Promise<CommandNode> {
  vi.resetModules()
  const { Command: Cmd } = await import('commander')
  let program: Command | null = null
  const parse = vi.spyOn(Cmd.prototype, 'parseAsync').mockImplementation(function (this: Command) {
    program = this
    return Promise.resolve(this)
  })
  try {
    await import('../../src/cli/main.ts')
  } finally {
    parse.mockRestore()
  }
  const node = (c: Command): CommandNode => ({ names: [c.name(), ...c.aliases()], subs: c.commands.map(node) })
  if (!program) throw new Error('src/cli/main.ts built no program')
  return node(program)
}

describe('the documentation', () => {
  it('is there: the README, the guides, each game its coverage and rulings', () => {
    for (const f of [
      'README.md',
      'CHANGELOG.md',
      'bench/RESULTS.md',
      'docs/operating.md',
      'docs/architecture.md',
      'docs/auditing.md',
      ...['sea-devils', 'rebel-raiders', 'river-coastal', 'infernal-machine'].flatMap((g) => [
        `docs/players/${g}.md`,
        `src/games/${g}/README.md`,
        `src/games/${g}/RULINGS.md`,
      ]),
    ])
      expect(files, f).toContain(f)
    expect(text.get('README.md')!.split('\n').length).toBeLessThanOrEqual(250)
  })

  it('links only to files and headings inside the repository', () => {
    const broken = files.flatMap((f) =>
      links(text.get(f)!).flatMap(({ target, line }) => {
        const why = brokenLink(ROOT, f, target)
        return why ? [`${f}:${line}: ${why}`] : []
      }),
    )
    expect(broken).toEqual([])
  })

  it('names no file outside the repository and no ticket', () => {
    const outside = /\.\.\/shared|\/work\/|DESIGN\.md|\bissues? #?\d+/i
    const found = files.flatMap((f) =>
      text
        .get(f)!
        .split('\n')
        .flatMap((l, i) => (outside.test(l) ? [`${f}:${i + 1}: ${l.trim().slice(0, 100)}`] : [])),
    )
    expect(found).toEqual([])
  })

  it('names only pbem commands the CLI has', async () => {
    const tree = await commandTree()
    expect(tree.subs.length).toBeGreaterThan(10)
    const wrong = files.flatMap((f) =>
      codeTexts(text.get(f)!).flatMap((code) =>
        pbemInvocations(code).flatMap((words) => {
          const why = unknownCommand(tree, words)
          return why ? [`${f}: ${why}`] : []
        }),
      ),
    )
    expect(wrong).toEqual([])
  })

  it("gives mail settings the judge loads as written (operating.md's environment file and JSON)", async () => {
    const { loadMailConfig } = await import('../../src/mail/config.ts')
    const md = text.get('docs/operating.md')!
    const blocks = codeTexts(md).filter((c) => c.includes('\n'))
    const envFile = blocks.find((b) => b.includes('PBEM_IMAP_HOST='))!
    const env: Record<string, string> = {}
    for (const l of envFile.split('\n')) {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l)
      if (m) env[m[1]!] = m[2]!.replace(/^"(.*)"$/, '$1')
    }
    const fromEnv = loadMailConfig(env)
    expect(fromEnv.imap?.host).toBe('imap.example.org')
    expect(fromEnv.smtp?.host).toBe('smtp.example.org')
    expect(fromEnv.archiveImap?.user).toBe('archive@example.org')
    const json = blocks.find((b) => b.trim().startsWith('{') && b.includes('"imap"'))!
    const dir = mkdtempSync(join(tmpdir(), 'docs-config-'))
    const path = join(dir, 'pbem.json')
    writeFileSync(path, json)
    const fromFile = loadMailConfig({ PBEM_CONFIG: path })
    rmSync(dir, { recursive: true, force: true })
    expect(fromFile.imap).toEqual(fromEnv.imap)
    expect(fromFile.smtp).toEqual(fromEnv.smtp)
  })
})

describe('the documentation checks can fail', () => {
  const sample = ['# Title', '', '## A heading', '', 'See [here](#a-heading) and [there](#gone).'].join('\n')

  it('on a missing file, a missing heading and a link out of the repository', () => {
    expect(brokenLink(ROOT, 'README.md', 'docs/no-such-file.md')).toMatch(/no such file/)
    expect(brokenLink(ROOT, 'README.md', '../outside.md')).toMatch(/outside the repository/)
    expect(brokenLink(ROOT, 'docs/operating.md', '/elsewhere/notes.md')).toMatch(/absolute path/)
    expect(brokenLink(ROOT, 'README.md', 'README.md#no-such-heading')).toMatch(/no heading/)
    expect(brokenLink(ROOT, 'README.md', 'README.md#quick-start')).toBeNull()
    expect(links(sample).map((l) => l.target)).toEqual(['#a-heading', '#gone'])
    expect([...anchors(sample)]).toEqual(['title', 'a-heading'])
  })

  it('on a pbem command the CLI does not have', () => {
    const tree: CommandNode = {
      names: ['pbem'],
      subs: [
        { names: ['game'], subs: [{ names: ['create'], subs: [] }] },
        { names: ['verify'], subs: [] },
      ],
    }
    const check = (code: string) => pbemInvocations(code).map((w) => unknownCommand(tree, w))
    expect(check('npx pbem game create sd-42 --ruleset x\npbem --data /srv verify --all')).toEqual([null, null])
    expect(check('pbem game destroy sd-42')[0]).toMatch(/pbem game destroy: no such command/)
    expect(check('npx pbem verfy sd-42')[0]).toMatch(/pbem verfy: no such command/)
    expect(check('pbem <command> --help; pbem game ...')).toEqual([null, null])
  })
})

describe("auditing.md's dice", () => {
  it('match the judge: the worked example and the algorithm as written there', async () => {
    const { commitmentOf, deriveRoll, rollMessage } = await import('../../src/engine/dice.ts')
    const md = text.get('docs/auditing.md')!
    const secret = 'dd064de1f88186dffda2243f29683ba0516025abaddae83ef65a14fba4f3aae3'
    expect(md).toContain(`secret      ${secret}`)
    expect(md).toContain(`commitment  ${commitmentOf(secret)}`)
    const cases: [number, string, number][] = [
      [0, 'blockade out SUM at C15', 5],
      [1, 'Federal Warship Deployment Table', 6],
    ]
    for (const [i, label, face] of cases) {
      const message = rollMessage('sd-demo', 1, i, label, '')
      expect(md).toContain(`message "${message}", d6`)
      expect(deriveRoll(secret, message, 6)).toBe(face)
      expect(md).toMatch(new RegExp(`roll #${i} [^]*?face (is )?1 \\+ \\d+ mod 6 = ${face}`))
    }
  })
})
