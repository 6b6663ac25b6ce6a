import { describe, expect, it } from 'vitest'
import { messageSchema, preferencesSchema, signUpSchema } from './types.ts'

const form = { email: '  Maria.K@Example.GR ', locale: 'el', countries: ['GR', 'ES', 'GR'], frequency: 'weekly', consentVersion: '2026-11' }

describe('form schemas', () => {
  it('reads a sign-up: the address lower case and trimmed, the countries sorted once each', () => {
    expect(signUpSchema.parse(form)).toEqual({ ...form, email: 'maria.k@example.gr', countries: ['ES', 'GR'] })
    expect(signUpSchema.parse({ ...form, countries: 'all' }).countries).toBe('all')
  })

  it('refuses what no form of ours sends', () => {
    for (const bad of [
      { email: 'not an address' },
      { email: `${'a'.repeat(250)}@example.org` },
      { locale: 'xx' },
      { countries: [] },
      { countries: ['FR'] },
      { countries: 'some' },
      { frequency: 'daily' },
      { consentVersion: '' },
    ]) {
      expect(signUpSchema.safeParse({ ...form, ...bad }).success).toBe(false)
    }
  })

  it('reads preferences in part', () => {
    expect(preferencesSchema.parse({ frequency: 'changes' })).toEqual({ frequency: 'changes' })
    expect(preferencesSchema.safeParse({ locale: 'tlh' }).success).toBe(false)
  })

  it('reads a contact message, trimmed, and refuses an empty or endless one', () => {
    const message = { kind: 'partner', name: ' Agency ', email: 'Desk@Agency.example', topic: 'partnership', body: ' Hello ', locale: 'pl' }
    expect(messageSchema.parse(message)).toEqual({ ...message, name: 'Agency', email: 'desk@agency.example', body: 'Hello' })
    expect(messageSchema.safeParse({ ...message, body: '   ' }).success).toBe(false)
    expect(messageSchema.safeParse({ ...message, body: 'x'.repeat(10_001) }).success).toBe(false)
    expect(messageSchema.safeParse({ ...message, topic: 'complaint' }).success).toBe(false)
    expect(messageSchema.safeParse({ ...message, kind: 'press' }).success).toBe(false)
  })
})
