// Pictures in letters: a game draws its figures as SVG (Ruleset.figures); the engine turns each into a
// PNG with resvg for the report's attachments and the HTML part's inline image, in a palette of at most
// 256 colours (png.ts) so that a report with its pictures stays well within a mail's size. A map
// takes resvg a hundred milliseconds or more to read and draw: a judge sending mail draws it in libuv's
// thread pool (rasteriseAsync), so its event loop goes on meanwhile; the PNG is the same either way.
import { Resvg, type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js'
import { FIGURE_FONT } from '../games/kit/labelLayout.ts'
import { projectPath } from '../util/resources.ts'
import { palettePng, palettePngAsync } from './png.ts'

/**
 * The figure font's two faces, kept in the project (templates/fonts/README.md): a picture never
 * depends on the fonts a machine has installed, and a subset of the font is read several times
 * faster than the whole font for every label.
 */
const FONT_FILES = [
  projectPath('templates', 'fonts', 'DejaVuSans.ttf'),
  projectPath('templates', 'fonts', 'DejaVuSans-Bold.ttf'),
]

/**
 * How a picture is drawn, from the first way to the most economical: a mail too big with its
 * pictures drawn one way has them drawn the next (outbound.ts). 64 colours keep a map's fills, lines
 * and lettering as they are; fewer and a smaller scale cost some sharpness.
 */
export const DRAWINGS: readonly { scale: number; colours: number }[] = [
  { scale: 1, colours: 64 },
  { scale: 0.85, colours: 32 },
  { scale: 0.7, colours: 32 },
]

/** How resvg draws `svg`: at its own width (the svg element's width attribute; 1000 if none) times `scale`. */
function resvgOptions(svg: string, scale: number): ResvgRenderOptions {
  const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1] ?? 1000)
  return {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FIGURE_FONT },
    fitTo: { mode: 'width', value: Math.round(width * scale) },
  }
}

/**
 * The PNG of an SVG figure at its own width (the svg element's width attribute; 1000 if none) times
 * `scale`, in a palette of `colours`.
 */
export function rasterise(svg: string, how: { scale: number; colours: number } = DRAWINGS[0]!): Buffer {
  const image = new Resvg(svg, resvgOptions(svg, how.scale)).render()
  return palettePng(image.pixels, image.width, image.height, how.colours)
}

/** rasterise's bytes, with the event loop free: resvg draws in libuv's thread pool, the palette a slice at a time. */
export async function rasteriseAsync(
  svg: string,
  how: { scale: number; colours: number } = DRAWINGS[0]!,
): Promise<Buffer> {
  const image = await renderAsync(svg, resvgOptions(svg, how.scale))
  return palettePngAsync(image.pixels, image.width, image.height, how.colours)
}
