import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EventSchemas, EventValidationError } from '../../src/log/schemas.ts'
import { tempDir, writeTestSchemas } from './helpers.ts'

let tmp: ReturnType<typeof tempDir>
let dir: string
beforeEach(() => {
  tmp = tempDir()
  dir = writeTestSchemas(tmp.dir)
})
afterEach(() => tmp.cleanup())

function caught(fn: () => void): EventValidationError {
  try {
    fn()
  } catch (err) {
    expect(err).toBeInstanceOf(EventValidationError)
    return err as EventValidationError
  }
  throw new Error('expected an EventValidationError')
}

describe('EventSchemas', () => {
  it('loads <Type>.v<N>.schema.json files and ignores other files', () => {
    const s = new EventSchemas(dir)
    expect(s.list()).toEqual([
      { type: 'Note', version: 1 },
      { type: 'Thing', version: 1 },
      { type: 'Thing', version: 2 },
    ])
    expect(s.has('Thing', 2)).toBe(true)
    expect(s.has('Thing', 3)).toBe(false)
  })

  it('accepts valid data', () => {
    const s = new EventSchemas(dir)
    expect(() => s.validate('Thing', 1, { name: 'Monitor', count: 1 })).not.toThrow()
    expect(() => s.validate('Thing', 2, { name: 'Merrimack', count: 1, colour: 'red' })).not.toThrow()
  })

  it('names the type, the version and the offending fields', () => {
    const s = new EventSchemas(dir)
    const missing = caught(() => s.validate('Thing', 1, { name: 'Monitor' }))
    expect(missing.type).toBe('Thing')
    expect(missing.version).toBe(1)
    expect(missing.message).toMatch(/Thing v1/)
    expect(missing.message).toMatch(/count/)

    const wrong = caught(() => s.validate('Thing', 1, { name: 'Monitor', count: 'two' }))
    expect(wrong.message).toMatch(/\/count must be (integer|number)/)

    const extra = caught(() => s.validate('Thing', 1, { name: 'Monitor', count: 1, turret: true }))
    expect(extra.message).toContain('turret')

    // allErrors: every problem is reported.
    const many = caught(() => s.validate('Thing', 2, { name: 3, count: -1.5, colour: 'green' }))
    expect(many.message).toMatch(/Thing v2/)
    expect(many.message).toContain('/name')
    expect(many.message).toContain('/count')
    expect(many.message).toContain('/colour')
    expect(many.errors.length).toBeGreaterThanOrEqual(3)
  })

  it('treats an unknown type or version as an error', () => {
    const s = new EventSchemas(dir)
    expect(caught(() => s.validate('Nothing', 1, {})).message).toMatch(/Nothing v1/)
    expect(caught(() => s.validate('Thing', 3, { name: 'x', count: 1 })).message).toMatch(/Thing v3/)
  })

  it('rejects a badly named schema file', () => {
    writeFileSync(join(dir, 'thing-v1.schema.json'), '{}')
    expect(() => new EventSchemas(dir)).toThrow(/thing-v1\.schema\.json/)
  })

  it('loads the repository events/ folder by default', () => {
    expect(() => new EventSchemas()).not.toThrow()
  })
})
