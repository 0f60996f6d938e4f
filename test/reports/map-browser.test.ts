// The Sea Devils map as a player meets it, in headless Chromium (Debian's package; the
// test fails, never skips, without it): inline in each page of the reader's archive, no text of it
// overlaps another by the browser's own bounding boxes, it stays readable at the size the page
// shows it, every area is named on hover, and every colour it uses is in its legend.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApp, type App } from '../../src/cli/app.ts'
import { DEMO_GAME, runDemo } from '../../src/cli/demo.ts'
import type { Viewer } from '../../src/games/contract.ts'
import { seaDevilsFactory } from '../../src/games/sea-devils/index.ts'
import type { SeaDevilsPack } from '../../src/games/sea-devils/pack.ts'
import { exportGame } from '../../src/reports/archive.ts'
import { requireProgram } from '../helpers/deps.ts'
import { rasterise } from '../../src/reports/pictures.ts'

const PACK = seaDevilsFactory.defaultPack().content as SeaDevilsPack
/** The smallest font size, in CSS pixels as the page shows it, that counts as readable. */
const READABLE_PX = 9

let dir: string
let app: App
let browser: Browser
beforeAll(async () => {
  requireProgram('/usr/bin/chromium', 'chromium')
  dir = mkdtempSync(join(tmpdir(), 'pbem-map-browser-'))
  app = openApp({ dataDir: (await runDemo({ dir: join(dir, 'demo') })).dataDir })
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}, 600_000)
afterAll(async () => {
  await browser?.close()
  app?.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Measured {
  texts: { text: string; box: [number, number, number, number]; px: number }[]
  titles: string[]
  colours: string[]
  legend: string[]
  shown: { width: number; height: number }
}

/** The map of one archive page, measured by the browser. */
async function measureMap(viewer: Viewer, point: number, shot: string): Promise<Measured> {
  const who = viewer.kind === 'role' ? viewer.role : viewer.kind
  const out = exportGame(app.judge, DEMO_GAME, viewer, join(dir, `export-${who}`))
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(pathToFileURL(join(out.html, '..', `turn-${point}.html`)).href)
  const svg = page.locator('figure#figure-map svg')
  expect(await svg.count()).toBe(1)
  await svg.screenshot({ path: shot })
  const measured = await svg.evaluate((el: SVGSVGElement) => {
    const scale = el.getBoundingClientRect().width / el.viewBox.baseVal.width
    const colourOf = (e: Element) => [e.getAttribute('fill'), e.getAttribute('stroke')]
    const all = [...el.querySelectorAll('*')]
    const legendEl = el.querySelector('#legend')!
    const isBackground = (e: Element) => e === el.firstElementChild
    return {
      texts: [...el.querySelectorAll('text')].map((t) => {
        const r = t.getBoundingClientRect()
        return {
          text: t.textContent ?? '',
          box: [r.left, r.top, r.right, r.bottom] as [number, number, number, number],
          px: Number(t.getAttribute('font-size')) * scale,
        }
      }),
      titles: [...el.querySelectorAll('title')].map((t) => t.textContent ?? ''),
      colours: all
        .filter((e) => !legendEl.contains(e) && !isBackground(e) && !e.closest('clipPath'))
        .flatMap(colourOf)
        .filter((c): c is string => !!c && c !== 'none'),
      legend: [...legendEl.querySelectorAll('*')].flatMap(colourOf).filter((c): c is string => !!c && c !== 'none'),
      shown: { width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height },
    }
  })
  await page.close()
  expect(errors).toEqual([])
  return measured
}

const TOLERANCE = 0.5
const overlapping = (a: [number, number, number, number], b: [number, number, number, number]) =>
  a[0] < b[2] - TOLERANCE && b[0] < a[2] - TOLERANCE && a[1] < b[3] - TOLERANCE && b[1] < a[3] - TOLERANCE

describe('the Sea Devils map in the archive, in headless Chromium', () => {
  for (const [viewer, point] of [
    [{ kind: 'role', role: 'federal' }, 5],
    [{ kind: 'role', role: 'confederate' }, 3],
    [{ kind: 'observer' }, 7],
  ] as const)
    it(`8b: ${viewer.kind === 'role' ? viewer.role : viewer.kind}, resolution ${point}: no label overlaps another, all readable, named on hover, every colour in the legend`, async () => {
      const shot = join(dir, `map-${point}.png`)
      const m = await measureMap(viewer, point, shot)
      // The screenshot is the map as the page shows it: the width of the page's column.
      expect(statSync(shot).size).toBeGreaterThan(50_000)
      expect(m.shown.width).toBeGreaterThan(700)
      expect(m.shown.width).toBeLessThanOrEqual(900)
      // Labels: every area code is drawn (once in the world map or the inset, both for those in both).
      const codes = new Set(m.texts.map((t) => t.text.split(' ')[0]))
      for (const a of PACK.areas) expect(codes, a.id).toContain(a.id)
      const clashes: string[] = []
      for (const [i, a] of m.texts.entries())
        for (const b of m.texts.slice(i + 1))
          if (overlapping(a.box, b.box)) clashes.push(`"${a.text}" overlaps "${b.text}"`)
      expect(clashes).toEqual([])
      for (const t of m.texts) expect(t.px, `"${t.text}" at ${t.px.toFixed(1)}px`).toBeGreaterThanOrEqual(READABLE_PX)
      // Hover: every area's title names it.
      for (const a of PACK.areas)
        expect(
          m.titles.some((t) => t.startsWith(`${a.id}: ${a.name} (`)),
          a.id,
        ).toBe(true)
      // Every colour drawn is explained in the legend.
      expect([...new Set(m.colours)].filter((c) => !m.legend.includes(c))).toEqual([])
    })

  it("8b: the report's HTML part shows the map (its PNG) large enough that its smallest text stays readable", async () => {
    const letter = app.judge.reportAgain(DEMO_GAME, 5, { kind: 'role', role: 'federal' })!
    const png = letter.attachments!.find((a) => a.cid === 'map@acw-pbem')!
    const svg = app.judge.load(DEMO_GAME).ruleset.figures!(
      app.judge.loadAfter(DEMO_GAME, 5)!.state,
      { kind: 'role', role: 'federal' },
      [],
    )[0]!.svg
    const svgWidth = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)![1])
    const smallest = Math.min(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])))
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
    // The outbox keeps a picture as its SVG and draws the PNG as the mail is sent: draw it the same way.
    const bytes = png.content ?? rasterise(png.svg!).toString('base64')
    await page.setContent(letter.html!.replace('cid:map@acw-pbem', `data:image/png;base64,${bytes}`))
    const shown = await page
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => ({
        width: img.getBoundingClientRect().width,
        natural: img.naturalWidth,
      }))
    await page.close()
    expect(shown.natural).toBe(svgWidth)
    expect((smallest * shown.width) / svgWidth).toBeGreaterThanOrEqual(READABLE_PX)
  })
})
