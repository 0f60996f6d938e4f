// What the documentation test reads out of the Markdown files: their links, their headings' anchors
// and the `pbem` commands their code names. Kept apart from the test so that the test can also show
// each check failing on a broken sample.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

/** Folders that hold no documentation of the repository's own (.gitignore's and the tools'). */
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.tmp'])

/** Every Markdown file of the repository, found on disk (no child process), relative to `root`. */
export function markdownFiles(root = ROOT, dir = ''): string[] {
  const out: string[] = []
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name
    if (e.isDirectory() && !SKIP.has(e.name) && !e.name.startsWith('.')) out.push(...markdownFiles(root, rel))
    else if (e.isFile() && e.name.endsWith('.md')) out.push(rel)
  }
  return out.sort()
}

/** The text outside fenced code blocks, with inline code spans blanked (links in code are examples). */
export function prose(md: string): string {
  let fenced = false
  return md
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced
        return ''
      }
      return fenced ? '' : line.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length))
    })
    .join('\n')
}

/** The contents of the fenced code blocks, and of the inline code spans outside them. */
export function codeTexts(md: string): string[] {
  const texts: string[] = []
  let fenced: string[] | null = null
  for (const line of md.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      if (fenced) texts.push(fenced.join('\n'))
      fenced = fenced ? null : []
      continue
    }
    if (fenced) fenced.push(line)
    else for (const m of line.matchAll(/`([^`]+)`/g)) texts.push(m[1]!)
  }
  return texts
}

export interface Link {
  target: string
  line: number
}

/** Inline links and images, `[text](target)` and `![alt](target)`, and reference definitions. */
export function links(md: string): Link[] {
  const found: Link[] = []
  prose(md)
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
        found.push({ target: m[1]!, line: i + 1 })
      const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(text)
      if (def) found.push({ target: def[1]!, line: i + 1 })
    })
  return found
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces to hyphens. */
export function anchors(md: string): Set<string> {
  const raw = md.split('\n')
  const seen = new Map<string, number>()
  const out = new Set<string>()
  prose(md)
    .split('\n')
    .forEach((line, i) => {
      if (!/^#{1,6}\s/.test(line)) return
      const title = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw[i]!)?.[1] ?? ''
      const base = title
        .toLowerCase()
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-')
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      out.add(n ? `${base}-${n}` : base)
    })
  return out
}

/** Why a link of `file` is wrong, or null when it resolves inside the repository. */
export function brokenLink(root: string, file: string, target: string, read = readFileSync): string | null {
  if (/^(https?:|mailto:)/i.test(target)) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `${target}: not a link a reader can follow`
  if (target.startsWith('/')) return `${target}: an absolute path (write it relative to ${file})`
  const [path, anchor] = target.split('#') as [string, string | undefined]
  const abs = path ? resolve(root, dirname(file), decodeURIComponent(path)) : resolve(root, file)
  const rel = relative(root, abs)
  if (rel.startsWith(`..${sep}`) || rel === '..') return `${target}: points outside the repository`
  if (!existsSync(abs)) return `${target}: no such file (${rel})`
  if (anchor === undefined || anchor === '') return null
  if (!statSync(abs).isFile() || !abs.endsWith('.md')) return null
  return anchors(read(abs, 'utf8')).has(anchor) ? null : `${target}: no heading "#${anchor}" in ${rel}`
}

/** A command line's words after `pbem`, up to a pipe or the end of the command. */
export function pbemInvocations(code: string): string[][] {
  const calls: string[][] = []
  for (const line of code.replace(/\\\n/g, ' ').split('\n')) {
    for (const m of line.matchAll(/(?:^|[\s;&(`$])(?:npx\s+)?pbem((?:\s+[^\s|;&#)]+)*)/g)) {
      const words = m[1]!.trim().split(/\s+/).filter(Boolean)
      calls.push(words)
    }
  }
  return calls
}

/** A command tree: each command's name (and aliases) and its subcommands. */
export interface CommandNode {
  names: string[]
  subs: CommandNode[]
}

const GLOBAL_WITH_VALUE = new Set(['-d', '--data'])

/**
 * Why the words after `pbem` do not name a real command, or null when they do (or name none: a
 * placeholder such as `<command>`, an ellipsis, or only options such as `--help`).
 */
export function unknownCommand(tree: CommandNode, words: string[]): string | null {
  let i = 0
  while (i < words.length && words[i]!.startsWith('-')) i += GLOBAL_WITH_VALUE.has(words[i]!) ? 2 : 1
  let node = tree
  const path: string[] = []
  while (i < words.length && node.subs.length) {
    const w = words[i]!
    if (!/^[a-z][a-z-]*(\|[a-z][a-z-]*)*$/.test(w)) return null
    for (const alt of w.split('|')) {
      if (!node.subs.some((s) => s.names.includes(alt)))
        return `pbem ${[...path, alt].join(' ')}: no such command (known: ${node.subs.map((s) => s.names[0]).join(', ')})`
    }
    const next = node.subs.find((s) => s.names.includes(w.split('|')[0]!))!
    path.push(w)
    node = next
    i++
  }
  return null
}
