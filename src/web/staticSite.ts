// The game pages of one reader as static files (`pbem game export --html DIR`), for a club's own
// web space or a reader's disk: the very pages the server gives, their links ending in .html, the
// stylesheet and the dice check beside them; nothing else is written, and no token is in them.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Viewer } from '../games/contract.ts'
import type { ReaderSource } from '../engine/readerSource.ts'
import { CHECK_SCRIPT } from './check.ts'
import { chainPage, indexPage, ON_DISK, resolutionPage, STYLESHEET } from './html.ts'
import { gameSummary, readerCopy, resolutionView } from './model.ts'

/** Writes the pages into `dir` (made if missing); returns the index page's path and the number of files. */
export function writeSite(
  src: ReaderSource,
  game: string,
  viewer: Viewer,
  dir: string,
): { index: string; files: number } {
  const summary = gameSummary(src, game, viewer)
  let files = 0
  const write = (path: string, content: string) => {
    const file = join(dir, path)
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, content)
    files++
  }
  write('style.css', STYLESHEET)
  write('check.js', CHECK_SCRIPT)
  write('index.html', indexPage(summary, ON_DISK))
  write('index.json', JSON.stringify(summary, null, 1))
  const copy = readerCopy(src, game, viewer)
  write('chain.html', chainPage(summary, copy, ON_DISK))
  write('chain.json', JSON.stringify(copy, null, 1))
  for (const { point } of summary.resolutions) {
    const view = resolutionView(src, game, viewer, point)
    if (!view) continue
    write(`r/${point}.html`, resolutionPage(summary, view, ON_DISK))
    write(`r/${point}.json`, JSON.stringify({ ...view, reportBody: undefined }, null, 1))
    for (const f of view.figures) write(`r/${point}/${f.name}.svg`, f.svg)
  }
  return { index: join(dir, 'index.html'), files }
}
