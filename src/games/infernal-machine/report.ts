// What the player reads after each step: the boat, crew markers, leaks, malfunctions,
// alert, position; a picture of the Tactical Board; the campaign ledger.
import type { Figure } from '../contract.ts'
import { incapacitatedSpaces, personaOf } from './boat.ts'
import type { Campaign } from './campaign.ts'
import { seasonKey } from './campaign.ts'
import type { Mission } from './mission.ts'
import { positionOf } from './mission.ts'
import type { ImPack } from './pack.ts'
import type { TacticalState } from './sortie.ts'
import { ZONE_X } from './boardPicture.ts'
import { ELEVATION_WORDS } from './terms.ts'

export function boatLines(pack: ImPack, m: Mission): string[] {
  const ctx = { pack, dice: undefined as never, notes: [] }
  const crew = m.boat.crew.map((c) => {
    const marks = [c.fatigue && 'Fatigue', c.panic && 'Panic', c.terror && 'Terror', c.order && c.order.kind].filter(
      Boolean,
    )
    return `${personaOf(pack, c).name} (tile ${c.space}${marks.length ? `: ${marks.join(', ')}` : ''})`
  })
  const malf = m.boat.parts.filter((p) => p.malfunctions).map((p) => `${p.kind} ${p.malfunctions}`)
  return [
    `Position: ${positionOf(ctx, m).name} (${m.board}), ${ELEVATION_WORDS[m.boat.elevation]}, ${m.detected ? 'detected' : 'undetected'}, Pursuit ${m.pursuit}`,
    `Conditions: ${m.visibility}, drift ${m.drift} ${m.driftDirection}, ${m.atmospherics}; Alert ${m.alert}; Training ${m.training}`,
    `Boat: tiles ${m.boat.tiles.join('-')}; grade ${m.baseGrade}; incapacitated spaces ${incapacitatedSpaces(m.boat).length}; engine Fatigue ${m.boat.engineFatigue}`,
    `Crew: ${crew.join('; ') || 'none'}`,
    `Leaks ${m.boat.leaks}; Malfunctions: ${malf.join(', ') || 'none'}; Fate Pool ${m.pool.black} Black, ${m.pool.red} Red; Rally ${m.rally}`,
  ]
}

export function ledgerLines(c: Campaign): string[] {
  return [
    `${seasonKey(c.year, c.season)} at ${c.location}: funds $${c.funds}, Prices ${c.prices}, Alert ${c.alert}, Training ${c.training}${c.wreck ? ', Wreck in play' : ''}`,
    `Shop: ${c.personae.map((p) => `${p.id}${p.where === 'shop' ? '' : ` (${p.where})`}`).join(', ')}`,
    `Boat: ${c.boat.tiles.join('-') || 'none'}${c.boat.parts.length ? ` with ${c.boat.parts.map(([id, s]) => `${id}@${s}`).join(', ')}` : ''}`,
    ...c.ledger.slice(-8),
  ]
}

export function tacticalFigure(t: TacticalState): Figure {
  const boxes = (Object.keys(ZONE_X) as (keyof typeof ZONE_X)[])
    .map(
      (z) =>
        `<rect x="${ZONE_X[z] - 40}" y="20" width="100" height="60" fill="none" stroke="#333"/><text x="${ZONE_X[z] - 35}" y="95" font-size="11">${z}</text>`,
    )
    .join('')
  const boat = `<circle cx="${ZONE_X[t.zone] + 10}" cy="50" r="10" fill="${t.rotated ? '#999' : '#036'}"/>`
  const diver =
    t.diver && t.diver.at !== 'airlock'
      ? `<rect x="${ZONE_X[t.diver.at] + 25}" y="60" width="8" height="8" fill="#a60"/>`
      : ''
  const target = '<rect x="322" y="35" width="16" height="30" fill="#700"/>'
  return {
    name: 'tactical',
    title: `Tactical Board, vector ${t.vector}`,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="460" height="110">${boxes}${target}${boat}${diver}</svg>`,
  }
}
