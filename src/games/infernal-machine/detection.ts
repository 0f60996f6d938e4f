// Detection Checks (Rule Book p.5 on the Tactical Board, p.35 on the Mission Board): a d10 plus
// modifiers at or above the value means undetected; detected while already detected brings the
// Enemy Response (p.10).
import { conveyanceOf, engineOf, hasPart } from './boat.ts'
import { type Ctx, d10, note, type Sortie } from './sortie.ts'
import { elevationName, type Visibility, type Zone } from './terms.ts'

export interface Modifier {
  why: string
  value: number
}

/** Every modifier of a Detection Check (p.5); the zone's proximity only on the Tactical Board. */
export function detectionModifiers(ctx: Ctx, s: Sortie, zone: Zone | null): Modifier[] {
  const t = ctx.pack.tactical
  const mods: Modifier[] = []
  const alert = t.alert.find((a) => a.level === s.alert)!
  if (alert.detection) mods.push({ why: `Alert ${s.alert}`, value: alert.detection })
  const atmo = t.atmospherics.find((a) => a.id === s.atmospherics)
  if (atmo?.detection) mods.push({ why: s.atmospherics, value: atmo.detection })
  if (engineOf(s.boat)?.kind === 'boilerEngine' && !hasPart(s.boat, 'anthracite'))
    mods.push({ why: 'boiler engine', value: t.detectionModifiers.boilerEngine })
  if (conveyanceOf(s.boat)?.kind === 'towCord') mods.push({ why: 'tow cord', value: t.detectionModifiers.towCord })
  if (zone) {
    const z = t.zoneDetection.find((x) => x.zone === zone)!
    if (z.modifier) mods.push({ why: `${zone} zone`, value: z.modifier })
  }
  if (s.pursuit) mods.push({ why: `${s.pursuit} Pursuit`, value: s.pursuit * t.detectionModifiers.perPursuit })
  return mods
}

/** The Tactical Board's Detection Table value (p.5; deep rows per ruling IM-2). */
export function tacticalDetectionValue(ctx: Ctx, s: Sortie, visibility: Visibility = s.visibility): number {
  const row = ctx.pack.tactical.detection.find((r) => r.elevation === elevationName(s.boat.elevation))!
  return row[visibility]
}

export type DetectionResult = 'undetected' | 'detected' | 'response'

/** Rolls the check and flips the fishboat marker; 'response' means the enemy now attacks. */
export function detectionCheck(
  ctx: Ctx,
  s: Sortie,
  value: number,
  zone: Zone | null,
  label: string,
  rule: string,
): DetectionResult {
  const roll = d10(ctx, label)
  const mods = detectionModifiers(ctx, s, zone)
  const total = roll + mods.reduce((a, m) => a + m.value, 0)
  const shown = mods.map((m) => ` ${m.value >= 0 ? '+' : ''}${m.value} ${m.why}`).join('')
  if (total >= value) {
    s.detected = false
    note(ctx, rule, `Detection Check: ${roll}${shown} = ${total} against ${value}: not detected`)
    return 'undetected'
  }
  const already = s.detected
  s.detected = true
  note(
    ctx,
    rule,
    `Detection Check: ${roll}${shown} = ${total} against ${value}: detected${already ? ' again, Enemy Response' : ''}`,
  )
  return already ? 'response' : 'detected'
}
