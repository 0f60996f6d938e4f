// The game's own report parts (templates/status.*.hbs) rendered from its report model: the boat in
// the middle of a mission, the Tactical Board of the last attack run as text and as the SVG figure
// the HTML part shows inline, and no face-down deck in what the captain is sent.
import { describe, expect, it } from 'vitest'
import { missionView } from '../../src/games/infernal-machine/missionFigure.ts'
import { Templates } from '../../src/reports/render.ts'
import { createInfernalMachine, type ImState, infernalMachineFactory } from '../../src/games/infernal-machine/index.ts'
import { LabelHashDice, pack } from './helpers.ts'

const rules = createInfernalMachine(pack)
const captain = { kind: 'role', role: 'captain' } as const
const MAILS = [
  'PACE STEP\nRECRUIT mechanic KEEP ALL\nRECRUIT journeyman KEEP ALL',
  'BUILD needle-prow section section chisel-stern hatch@1 steering-link@1\nBUILD propeller@3',
  'ORDERS moser=STEER\nROUTE back-bay mount-pleasant\nMISSION TRAINING FROM mount-pleasant CREW moser@1,baird@1,thomas@2,robinson@2',
]

/** The state after the first mission turn (the seasons of ruleset.test.ts, salt d). */
function midMission(): ImState {
  const dice = new LabelHashDice('d')
  let s = rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, dice)
  for (const text of MAILS) {
    const parsed = rules.parseOrders(s, 'captain', text)
    expect(parsed.errors).toEqual([])
    s = rules.resolve(s, { orders: { captain: parsed.commands }, decisions: {} }, dice).state
  }
  expect(s.mission).toBeDefined()
  return s
}

const common = {
  yourTurn: true,
  narrative: [],
  decisions: [],
  rolls: [],
  hiddenRolls: [],
  awaiting: [],
  statusLines: [],
}
const templates = new Templates(() => infernalMachineFactory.templates!)

describe('Infernal Machine report templates (DESIGN 7-8b)', () => {
  it('p.19-33 the boat mid-mission: position, crew and markers, parts, leaks, the turn just played', () => {
    const s = midMission()
    const model = { ...common, ...rules.reportModel(s, captain) }
    const text = templates.render('infernal-machine', 'report.txt', model)
    expect(text).toContain('SITUATION: autumn 1861, mission turn 2 (CSA); pace STEP; halt points: none')
    expect(text).toMatch(/THE FISHBOAT, training mission turn 1 on charleston\nPosition: Back Bay, surface/)
    expect(text).toMatch(/Crew:\n {2}Moser +tile 1 {2}markers: /)
    expect(text).toMatch(/Hull: tiles needle-prow-section-section-chisel-stern; grade [A-E]; Leaks \d+/)
    expect(text).toContain('AFTER EACH MISSION TURN\n  turn 1: Back Bay, surface, Alert 0')
    expect(text).toContain('# training mission under way (PACE STEP)')
    const html = templates.render('infernal-machine', 'report.html', model)
    expect(html).toContain('<h2>The fishboat: training mission turn 1 on charleston</h2>')
    expect(html).toMatch(/<tr><td>Moser<\/td><td>1<\/td>/)
  })

  it('p.3 the Tactical Board of the last attack run: a text line, and the SVG figure shown inline', () => {
    const s = midMission()
    s.lastTactical = { target: 'gunboat', vector: 'V3', zone: 'near', rotated: false, turn: 2 }
    const figures = rules.figures!(s, captain, []).filter((f) => f.name === 'tactical')
    expect(figures.map((f) => [f.name, f.title])).toEqual([['tactical', 'Tactical Board, vector V3']])
    expect(figures[0]!.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    const model = { ...common, ...rules.reportModel(s, captain), mapCid: 'map@acw-pbem' }
    const text = templates.render('infernal-machine', 'report.txt', model)
    expect(text).toContain(
      'TACTICAL BOARD (the last attack run; the attached picture draws it)\n  [far:   ] [near:F> ]',
    )
    const html = templates.render('infernal-machine', 'report.html', model)
    expect(html).toContain('<img src="cid:map@acw-pbem"')
    expect(html).toContain('<h2>Tactical Board</h2><pre>[far:   ] [near:F&gt; ]')
  })

  it('p.15-17 a picture of the Mission Board: the boat at its position and elevation, the targets, the drift', () => {
    const s = midMission()
    s.missionView = missionView(s.mission!)
    const [board] = rules.figures!(s, captain, [])
    expect(board!.name).toBe('mission')
    expect(board!.title).toMatch(/^Charleston board, turn 1: the fishboat at Back Bay, surface; drift \w+, (ebb|flood)/)
    expect(board!.svg).toContain('target usa-gunboat')
    expect(board!.svg).toMatch(/>Back Bay<\/text><text [^>]*>bottom below deep<\/text>/)
    expect(board!.svg).not.toMatch(/N\d\d|D\d\d/)
  })

  it('DESIGN 5 the face-down decks stay with the moderator: neither the view nor the model of the captain holds them', () => {
    const s = midMission()
    const next = s.mission!.navDeck.drawPile[0]!
    const seen = JSON.stringify([rules.view(s, captain), rules.reportModel(s, captain)])
    expect(seen).not.toContain('drawPile')
    expect(seen).not.toContain(`"${next}"`)
    expect(JSON.stringify(rules.view(s, { kind: 'moderator' }))).toContain('drawPile')
  })

  it('p.22 R8 a MARKERS order stands on the boat from the next mission turn', () => {
    const dice = new LabelHashDice('d')
    let s = rules.setup('campaign-csa', {}, { id: '', hash: '', content: null }, dice)
    for (const text of [MAILS[0]!, MAILS[1]!, `${MAILS[2]}\nMARKERS FATIGUE baird,robinson`]) {
      const parsed = rules.parseOrders(s, 'captain', text)
      expect(parsed.errors).toEqual([])
      s = rules.resolve(s, { orders: { captain: parsed.commands }, decisions: {} }, dice).state
    }
    expect(s.doctrine.markers).toEqual({ fatigue: ['baird', 'robinson'] })
    expect(s.mission!.boat.priority).toEqual({ fatigue: ['baird', 'robinson'] })
  })
})
