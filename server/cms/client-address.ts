// The address a sign-in limit and the audit log count (issue 35, finding F1). Behind the proxy that
// TRUST_PROXY names, X-Forwarded-For's LAST entry is the one that proxy appended (nginx's
// $proxy_add_x_forwarded_for, HAProxy's forwardfor): every entry before it was written by the client,
// so none of them may be believed. Without TRUST_PROXY, only the socket's address counts.
import { isIP } from 'node:net'

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): string {
  const socket = socketAddress || 'unknown'
  if (!trustProxy) return socket
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '')
  const last = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1)
  // A proxy writes a bare address; anything else (no header, garbage) falls back to the socket.
  return last && isIP(last) ? last : socket
}
