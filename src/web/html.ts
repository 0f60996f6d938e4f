// The pages as HTML: plain documents that read without JavaScript, with one stylesheet from the
// same server and nothing from outside. Links are relative, so the same pages open from a static copy.
import Handlebars from 'handlebars'
import type { GameSummary, ReaderCopy, ResolutionView } from './model.ts'

/** Escaped as the reports' templates escape, so a text reads (and is checked) the same in both. */
export const esc = (s: string | number) => Handlebars.escapeExpression(String(s))

/** The stylesheet every page links to (style.css at the server's root). */
export const STYLESHEET = `body{font-family:Georgia,serif;max-width:50em;margin:1em auto;padding:0 .6em;color:#222;line-height:1.4}
h1{font-size:1.35em}h2{font-size:1.1em;border-bottom:1px solid #999}h2.resolution{background:#eee;padding:.2em}
nav a{margin-right:1em}#slider{display:block;width:100%;margin:.5em 0}nav ol{display:flex;flex-wrap:wrap;gap:.3em;list-style:none;padding:0}
nav ol a{display:inline-block;min-width:2em;text-align:center;border:1px solid #999;padding:.1em .3em;margin:0}
nav ol a[aria-current]{background:#222;color:#fff}
figure{margin:1em 0}figure img{max-width:100%;height:auto;display:block}
table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
pre{white-space:pre-wrap;background:#f4f4f4;padding:.5em}code{word-break:break-all}
.rule{color:#666;font-size:.85em}.agrees{color:#175e17}.differs{color:#a00;font-weight:bold}.note{background:#fff6d6;padding:.5em;border:1px solid #e0c060}
@media (max-width:30em){body{font-size:.95em}td,th{padding:2px 4px}}
`

/** The policy of every page, in its header when served and in the page itself for a static copy. */
export const PAGE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"

/**
 * How a set of pages links its parts: `root` leads from a page to the stylesheet and script,
 * `up` from a resolution to the index, `ext` ends a page's address ('' served, '.html' on disk).
 */
export interface Links {
  indexRoot: string
  resolutionRoot: string
  /** The index from a resolution's page, and from a page beside the index. */
  index: string
  home: string
  ext: string
}

export const SERVED: Links = {
  indexRoot: '../../../',
  resolutionRoot: '../../../../',
  index: '../',
  home: './',
  ext: '',
}
export const ON_DISK: Links = {
  indexRoot: '',
  resolutionRoot: '../',
  index: '../index.html',
  home: 'index.html',
  ext: '.html',
}

function page(title: string, root: string, body: string, script = false): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}"><title>${esc(title)}</title><link rel="stylesheet" href="${root}style.css">${script ? `<script src="${root}check.js" defer></script>` : ''}</head><body>${body}</body></html>`
}

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The index of a reader's pages: the game, its sides and turn, the resolutions, his orders and receipts. */
export function indexPage(s: GameSummary, links: Links): string {
  const state = s.finished
    ? 'The game is over.'
    : `Open resolution ${s.point}${s.deadline ? `, deadline ${when(s.deadline)}` : ''}.`
  const resolutions = s.resolutions.length
    ? `<ol id="resolutions">${s.resolutions.map((r) => `<li><a href="r/${r.point}${links.ext}">Resolution ${r.point}: ${esc(r.label)}</a></li>`).join('')}</ol>`
    : '<p>Nothing resolved yet.</p>'
  const orders = s.ordersOnFile.length
    ? s.ordersOnFile
        .map((o) => `<h3>${esc(o.role)} (${esc(o.receipt)})</h3><pre>${o.lines.map(esc).join('\n')}</pre>`)
        .join('')
    : '<p>None you may see.</p>'
  const receipts = s.receipts.length
    ? `<table id="receipts"><tr><th>receipt</th><th>resolution</th><th>arrived</th><th>outcome</th></tr>${s.receipts.map(receiptRow).join('')}</table>`
    : '<p>None you may see.</p>'
  return page(
    `${s.title}: ${s.game}`,
    links.indexRoot,
    `<h1 id="title">${esc(s.title)}: game ${esc(s.game)}, ${esc(s.scenario)}</h1>
<p>Pages for <strong id="reader">${esc(s.reader)}</strong>. Sides: ${s.sides.map(esc).join(', ')}. Turn ${s.turn}. ${esc(state)}</p>
<p><a href="index.json">This page as JSON</a>. <a id="chain" href="chain${links.ext}">The events you may see, and their hash chain</a></p>
<h2>Resolutions</h2>${resolutions}<h2>Orders on file</h2>${orders}<h2>Receipts</h2>${receipts}`,
  )
}

function receiptRow(r: GameSummary['receipts'][number]): string {
  const outcome = r.accepted
    ? `accepted<pre>${r.lines.map(esc).join('\n')}</pre>`
    : `refused<pre>${r.errors.map(esc).join('\n')}</pre>`
  return `<tr><td>${esc(r.receipt)}</td><td>${r.point}</td><td>${esc(when(r.arrived))}</td><td>${outcome}</td></tr>`
}

/** One resolution: the history through the others, its pictures, the report as mailed, its dice. */
export function resolutionPage(s: GameSummary, v: ResolutionView, links: Links): string {
  const i = s.resolutions.findIndex((r) => r.point === v.point)
  const prev = s.resolutions[i - 1]
  const next = s.resolutions[i + 1]
  const slider = `<nav aria-label="resolutions"><a href="${links.index}">index</a>${prev ? `<a id="prev" rel="prev" href="${prev.point}${links.ext}">previous</a>` : ''}${next ? `<a id="next" rel="next" href="${next.point}${links.ext}">next</a>` : ''}<ol>${s.resolutions.map((r) => `<li><a href="${r.point}${links.ext}" title="${esc(r.label)}"${r.point === v.point ? ' aria-current="page"' : ''}>${r.point}</a></li>`).join('')}</ol></nav>`
  const figures = v.figures
    .map(
      (f) =>
        `<figure class="picture" id="figure-${esc(f.name)}"><img src="${v.point}/${encodeURIComponent(f.name)}.svg" alt="${esc(f.title)}"><figcaption>${esc(f.title)}</figcaption></figure>`,
    )
    .join('')
  const rolls = v.result.rolls
    .map(
      (r) =>
        `<tr data-index="${r.index}" data-label="${esc(r.label)}" data-sides="${r.sides}" data-value="${r.value}"><td>${r.index}</td><td>${esc(r.label)}</td><td>d${r.sides}</td><td>${r.value}</td><td class="check"></td></tr>`,
    )
    .join('')
  const data = `data-game="${esc(s.game)}" data-point="${v.point}" data-secret="${esc(v.result.secret)}" data-commitment="${esc(v.result.commitment)}" data-salt="${esc(v.result.salt)}"`
  return page(
    `${s.game}: resolution ${v.point}`,
    links.resolutionRoot,
    `${slider}<h1 id="title">Resolution ${v.point}: ${esc(v.label)}</h1>${figures}
<section id="report">${v.reportBody}</section>
<h2 id="dice">Every roll of this resolution you may see</h2>
<p>Secret <code id="secret">${esc(v.result.secret)}</code>, commitment <code id="commitment">${esc(v.result.commitment)}</code>, salt <code id="salt">${esc(v.result.salt)}</code>. <code>pbem dice verify ${esc(s.game)}</code> recomputes them; so does anyone with the secret (docs/auditing.md).</p>
<p id="dice-check">Your browser checks these rolls here when it runs the page's script.</p>
<table id="rolls" ${data}><tr><th>#</th><th>roll</th><th>die</th><th>value</th><th>check</th></tr>${rolls}</table>
<p><a href="${v.point}.json">This resolution as JSON</a></p>${slider}`,
    true,
  )
}

/** The events this reader may see, chained; the script checks the chain from the copy in the page. */
export function chainPage(s: GameSummary, copy: ReaderCopy, links: Links): string {
  const rows = (copy.events as { n?: number; position?: number; type: string; recordedAt: string; hash: string }[])
    .map(
      (e) =>
        `<tr><td>${e.n ?? e.position}</td><td>${esc(e.type)}</td><td>${esc(when(e.recordedAt))}</td><td><code>${esc(e.hash)}</code></td></tr>`,
    )
    .join('')
  // A data block, never run; "<" is written \u003c so that no text in it can close the element.
  const data = JSON.stringify(copy).replace(/</g, '\\u003c')
  return page(
    `${s.game}: events`,
    links.indexRoot,
    `<nav><a href="${links.home}">index</a></nav><h1 id="title">${esc(s.title)}: game ${esc(s.game)}, the events ${esc(s.reader)} may see</h1>
<p>${copy.chain === 'reader' ? "Numbered and chained over themselves: each hash is SHA-256 of the one before, a newline and the event's canonical JSON (docs/auditing.md). Your export has the same." : "The log's own positions and chain: pbem game verify checks it."} <a href="chain.json">As JSON</a>.</p>
<p id="chain-check">Your browser checks the chain here when it runs the page's script.</p>
<table id="chain-events"><tr><th>#</th><th>event</th><th>recorded</th><th>hash</th></tr>${rows}</table>
<script type="application/json" id="events">${data}</script>`,
    true,
  )
}
