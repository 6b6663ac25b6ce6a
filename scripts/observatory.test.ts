import { describe, expect, it } from 'vitest'
import { grade, gradeCsp } from './observatory'

describe('HTTP Observatory grading', () => {
  it('takes off for every missing header: no CSP -25, no HSTS -20, no nosniff -5, no framing rule -20', () => {
    expect(grade({})).toMatchObject({ score: 30, letter: 'D' })
  })
  it('penalizes unsafe inline scripts and rewards hashes', () => {
    expect(gradeCsp("script-src 'self' 'unsafe-inline'").modifier).toBe(-20)
    expect(gradeCsp("default-src 'self'; script-src 'self' 'sha256-abc'").modifier).toBe(5)
    expect(gradeCsp("default-src 'none'; script-src 'self'").modifier).toBe(10)
    expect(gradeCsp("default-src 'self'; style-src 'self' 'unsafe-inline'").modifier).toBe(0)
    expect(gradeCsp("script-src 'self' 'unsafe-eval'").modifier).toBe(-10)
  })
  it('gives A+ to a strict policy with HSTS, nosniff, a private referrer policy and frame-ancestors', () => {
    const result = grade({
      'content-security-policy': "default-src 'self'; script-src 'self' 'sha256-x'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    expect(result).toMatchObject({ score: 115, letter: 'A+' })
  })
})
