/** One request of a load run, and what came back. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
  /** X-Forwarded-For, for per-address limits (the app must trust the proxy) */
  ip?: string;
}

export interface Outcome {
  request: LoadRequest;
  start: number;
  end: number;
  /** 0 when the request itself failed (connection refused or reset, timed out) */
  status: number;
  code: string | null;
  text: string;
  /** the created row's id (`id` or `messageId` of a JSON answer) */
  id?: number;
}

/** `workers` loops sending the next request until stopped; each request gives up after `timeoutMs`. */
export function runLoad(base: string, workers: number, next: () => LoadRequest, timeoutMs = 15_000) {
  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const request = next();
      const start = Date.now();
      const headers: Record<string, string> = {};
      if (request.token) headers.authorization = `Bearer ${request.token}`;
      if (request.ip) headers['x-forwarded-for'] = request.ip;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      try {
        const res = await fetch(base + request.path, {
          method: request.method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let id: number | undefined;
        if (res.status === 201 && text.startsWith('{')) {
          const json = JSON.parse(text) as { id?: number; messageId?: number };
          id = json.messageId ?? json.id;
        }
        outcomes.push({ request, start, end: Date.now(), status: res.status, code: res.headers.get('x-error-code'), text, id });
      } catch (err) {
        outcomes.push({ request, start, end: Date.now(), status: 0, code: null, text: String(err) });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const all = Array.from({ length: workers }, worker);
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(all);
      return outcomes;
    },
  };
}

/** Requests by status, and the slowest answer. */
export function summary(outcomes: Outcome[]): string {
  const byStatus: Record<number, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  const slowest = Math.max(...outcomes.map((o) => o.end - o.start));
  return `${outcomes.length} requests ${JSON.stringify(byStatus)}, slowest ${slowest} ms`;
}
