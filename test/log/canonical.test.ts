import { describe, expect, it } from 'vitest'
import { canonicalJson, sha256Hex } from '../../src/util/canonical.ts'

describe('canonicalJson', () => {
  it('sorts keys recursively with no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}',
    )
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }))
  })

  it('drops undefined properties and writes undefined array items as null', () => {
    expect(canonicalJson({ a: undefined, b: null, c: [undefined, 1] })).toBe('{"b":null,"c":[null,1]}')
  })

  it('handles scalars, strings needing escapes and toJSON', () => {
    expect(canonicalJson('a"b\n')).toBe('"a\\"b\\n"')
    expect(canonicalJson(-0)).toBe('0')
    expect(canonicalJson(true)).toBe('true')
    expect(canonicalJson(null)).toBe('null')
    expect(canonicalJson({ when: new Date('1862-03-09T12:00:00Z') })).toBe('{"when":"1862-03-09T12:00:00.000Z"}')
  })

  it('rejects non-finite numbers, bigints, functions, maps and cycles', () => {
    expect(() => canonicalJson({ a: NaN })).toThrow(/non-finite/)
    expect(() => canonicalJson([Infinity])).toThrow(/non-finite/)
    expect(() => canonicalJson({ a: -Infinity })).toThrow(/non-finite/)
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError)
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError)
    expect(() => canonicalJson(new Map())).toThrow(TypeError)
    const cyc: Record<string, unknown> = {}
    cyc.self = cyc
    expect(() => canonicalJson(cyc)).toThrow(/cycle/)
    expect(() => canonicalJson(undefined)).toThrow(TypeError)
  })

  it('is idempotent through JSON.parse', () => {
    const v = { z: [1.5, 'x', { q: null, p: 1e21 }], a: { nested: { k: 'é' } } }
    const once = canonicalJson(v)
    expect(canonicalJson(JSON.parse(once))).toBe(once)
  })
})

describe('sha256Hex', () => {
  it('hashes strings and buffers', () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    expect(sha256Hex('abc')).toBe(abc)
    expect(sha256Hex(Buffer.from('abc'))).toBe(abc)
  })
})
