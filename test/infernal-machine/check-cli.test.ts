// `pbem check` reads an Infernal Machine order file as intake reads a mail: DECIDE lines are
// answers, checked against the questions waiting; the rest is the orders, checked on receipt.
import { beforeAll, describe, expect, it } from 'vitest'
import { cliSandbox } from '../helpers/cli.ts'

const { pbem, check: checkIn } = cliSandbox('pbem-im-check-')

beforeAll(() => {
  const r = pbem(
    'game',
    'create',
    'im1',
    '--ruleset',
    'infernal-machine',
    '--scenario',
    'campaign-csa',
    '--player',
    'captain=cap@example.test:Cap',
  )
  expect(r.status, r.stdout + r.stderr).toBe(0)
})

const check = (name: string, text: string) => checkIn('im1', 'captain', name, text)

describe('pbem check on an Infernal Machine game', () => {
  it('a DECIDE line is read as an answer, not as an order; the orders beside it are checked', () => {
    const r = check('decide.txt', 'DECIDE SPRING-1861-SHIFT keep\nINVESTOR DOE\n')
    expect(r.stdout).toContain('ERROR   DECIDE: no decision SPRING-1861-SHIFT is waiting')
    expect(r.stdout).toContain('ok      INVESTOR doe')
    expect(r.stdout).not.toContain('unknown order DECIDE')
    expect(r.status).toBe(1)
  })

  it('a mail opening with a mail command files no orders, and check says so', () => {
    const r = check('status.txt', 'STATUS\nBUILD nonsense\n')
    expect(r.stdout).toContain('command STATUS: no orders in it')
    expect(r.status).toBe(0)
  })

  it('a Build with a tile the boat will not have is refused as intake refuses it', () => {
    const r = check('build.txt', 'BUILD needle-prow hatch@3\n')
    expect(r.stdout).toContain('there is no tile 3; the tiles this BUILD may name: 0 needle-prow')
    expect(r.status).toBe(1)
  })
})
