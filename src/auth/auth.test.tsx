import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useTranslatedParams } from '../i18n/alternates'
import { authActions, checkAuthStatus, resolveAuthState, signedOut, useAuth } from './auth'

function UsesAuth() {
  useAuth()
  return null
}
function UsesTranslatedParams() {
  useTranslatedParams()
  return null
}

describe('auth stubs', () => {
  it('is always signed out', async () => {
    expect(await checkAuthStatus()).toEqual({ isAuthenticated: false, user: null, isLoading: false })
  })

  it('only says that sign-in is temporarily disabled', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    authActions.login()
    authActions.logout()
    authActions.register()
    expect(info.mock.calls.map((c) => c[0])).toEqual([
      'Login is temporarily disabled',
      'Logout is temporarily disabled',
      'Register is temporarily disabled',
    ])
    info.mockRestore()
  })

  it('logs a failed status check and stays signed out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await resolveAuthState(() => Promise.reject(new Error('offline')))).toEqual(signedOut)
    expect(error.mock.calls[0][0]).toBe('Failed to check auth status')
    error.mockRestore()
  })

  it('names the missing provider when a hook is used outside it', () => {
    expect(() => renderToString(<UsesAuth />)).toThrow('useAuth must be used within an AuthProvider')
    expect(() => renderToString(<UsesTranslatedParams />)).toThrow('useTranslatedParams must be used within a TranslatedParamsProvider')
  })
})
