/**
 * Sign-in is not offered (product spec, section 4): the state is always unauthenticated and the
 * actions only say so. The provider keeps the shape a real one would have.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'

type User = { email: string; name: string }
export type AuthState = { isAuthenticated: boolean; user: User | null; isLoading: boolean }
type AuthContextValue = AuthState & {
  login: () => void
  logout: () => void
  register: () => void
}

export const signedOut: AuthState = { isAuthenticated: false, user: null, isLoading: false }

const disabled = (action: string) => () => console.info(`${action} is temporarily disabled`)
export const authActions = {
  login: disabled('Login'),
  logout: disabled('Logout'),
  register: disabled('Register'),
}

export async function checkAuthStatus(): Promise<AuthState> {
  return signedOut
}

/** The state a status check gives; a failed check is logged and leaves the visitor signed out. */
export async function resolveAuthState(check: () => Promise<AuthState>): Promise<AuthState> {
  try {
    return await check()
  } catch (error) {
    console.error('Failed to check auth status', error)
    return signedOut
  }
}

const AuthContext = createContext<AuthContextValue | null>(null)

export function AuthProvider({ children, check = checkAuthStatus }: { children: ReactNode; check?: () => Promise<AuthState> }) {
  const [state, setState] = useState<AuthState>(signedOut)
  useEffect(() => {
    let active = true
    void resolveAuthState(check).then((next) => active && setState(next))
    return () => {
      active = false
    }
  }, [check])
  return <AuthContext.Provider value={{ ...state, ...authActions }}>{children}</AuthContext.Provider>
}

export function useAuth() {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}
