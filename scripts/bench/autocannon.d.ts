/** autocannon ships no types: the part of its API the benchmarks use. */
declare module 'autocannon' {
  export type Request = {
    method?: string
    path?: string
    body?: string | Buffer
    headers?: Record<string, string>
    /** Changes the request before it is sent (a new path per request, for instance). */
    setupRequest?: (request: Request) => Request
  }

  export type Options = {
    url: string
    connections?: number
    duration?: number
    overallRate?: number
    headers?: Record<string, string>
    requests?: Request[]
  }

  type Histogram = { average: number; total: number; p50: number; p99: number }

  export type Result = {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }

  /** The running load: awaited for its result; `reqError` reports each failed request as it happens. */
  export type Instance = Promise<Result> & { on(event: 'reqError', listener: (error: NodeJS.ErrnoException) => void): void }

  export default function autocannon(options: Options): Instance
}
