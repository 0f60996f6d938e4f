// Pictures in letters: a game draws its figures as SVG (Ruleset.figures); the engine turns each into a
// PNG with resvg for the report's attachments and the HTML part's inline image, in a palette of at most
// 256 colours (png.ts) so that a report with its pictures stays well within a mail's size.
import { existsSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'
import { FIGURE_FONT } from '../games/kit/labelLayout.ts'
import { palettePng } from './png.ts'

const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
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

/**
 * The PNG of an SVG figure at its own width (the svg element's width attribute; 1000 if none) times
 * `scale`, in a palette of `colours`.
 */
export function rasterise(svg: string, how: { scale: number; colours: number } = DRAWINGS[0]!): Buffer {
  const fontFiles = FONT_FILES.filter((f) => existsSync(f))
  const width = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)?.[1] ?? 1000)
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: FIGURE_FONT },
    fitTo: { mode: 'width', value: Math.round(width * how.scale) },
  })
  const image = resvg.render()
  return palettePng(image.pixels, image.width, image.height, how.colours)
}
