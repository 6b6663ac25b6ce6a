/** Starts an extra production server for tests that need their own configuration. */
import { spawn, type ChildProcess } from 'node:child_process'
import { localServerEnv } from '../../scripts/bench/lib'

export type Started = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<number | null> }

export async function startServer(port: number, env: Record<string, string>): Promise<Started> {
  let output = ''
  const child = spawn('node', ['server/start.ts'], {
    env: localServerEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break
    if (
      await fetch(`${url}/en/blog`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}

/** Runs the server until it exits by itself (for configurations that must stop the start). */
export function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn('node', ['server/start.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}
