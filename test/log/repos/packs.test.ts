// The packs repository: a pack is stored once under its hash, with its content as JSON; a second
// store of the same hash leaves the first row as it is.
import { describe, expect, it } from 'vitest'
import { findPackContent, hasPack, recordPack } from '../../../src/log/repos/packs.ts'
import { bothEngines } from '../../pg/engines.ts'

describe.each(bothEngines())('packs on $name', (engine) => {
  it('stores a pack once by hash and gives back its parsed content', () => {
    const db = engine.open()
    expect(hasPack(db, 'h1')).toBe(false)
    expect(findPackContent(db, 'h1')).toBeNull()
    recordPack(db, { hash: 'h1', ruleset: 'r', packId: 'p', content: { ships: [1, 2], name: 'x' } })
    recordPack(db, { hash: 'h1', ruleset: 'other', packId: 'q', content: { changed: true } })
    expect(hasPack(db, 'h1')).toBe(true)
    expect(findPackContent(db, 'h1')).toEqual({ ships: [1, 2], name: 'x' })
    expect(db.prepare('SELECT hash, ruleset, pack_id FROM packs').all()).toEqual([
      { hash: 'h1', ruleset: 'r', pack_id: 'p' },
    ])
  })

  it('does not serialise a pack already stored', () => {
    const db = engine.open()
    recordPack(db, { hash: 'h2', ruleset: 'r', packId: 'p', content: [] })
    const content = {
      toJSON() {
        throw new Error('serialised again')
      },
    }
    expect(() => recordPack(db, { hash: 'h2', ruleset: 'r', packId: 'p', content })).not.toThrow()
    expect(() => recordPack(db, { hash: 'h3', ruleset: 'r', packId: 'p', content })).toThrow('serialised again')
  })
})
