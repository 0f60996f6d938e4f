// The Tactical Board as a line of text (Rule Book p.3): zones left to right, the fishboat (F, its
// arrow showing whether it faces the target), the diver (D) and the target (T).
import type { TacticalState } from './sortie.ts'

export const ZONE_X = { far: 40, near: 150, contact: 260, otherSide: 380 } as const

/** The Tactical Board as text: zones left to right, the boat (F), the diver (D) and the target (T). */
export function tacticalPicture(t: TacticalState): string {
  const cell = (z: keyof typeof ZONE_X) =>
    `${z}:${t.zone === z ? (t.rotated ? 'F<' : 'F>') : '  '}${t.diver?.at === z ? 'D' : ' '}`
  return `[${cell('far')}] [${cell('near')}] [${cell('contact')}] T [${cell('otherSide')}]  vector ${t.vector}, turn ${t.turn}`
}
