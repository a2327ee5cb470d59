import { auth } from '../auth/store';

/** A non-2xx answer; `message` is the server's Korean text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

type UnauthorizedHandler = (suspended?: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};
/**
 * The app decides what a 401 login_required does (clear, alert, go to /login), and a 403 account_suspended (the same,
 * saying the server's text); set once at start. A login's own answer (no session yet) is the login form's to show.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

type EarlyRead = { token: string | null; response: Promise<Response> };
declare global {
  interface Window {
    __early?: Record<string, EarlyRead | undefined>;
  }
}

/** How a request reaches the API: the browser's fetch, or the server's own API when it renders a page. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(`/api${path}`, init);
export function setTransport(next: Transport) {
  transport = next;
}

/** The read index.html's inline script started for this GET with this token, taken once. */
function takeEarly(path: string, token: string | null, opts: RequestOptions): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__early?.[path];
  if (!early || (opts.method ?? 'GET') !== 'GET' || early.token !== token) return undefined;
  window.__early![path] = undefined;
  return early.response;
}

export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = auth.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await (takeEarly(path, token, opts) ??
      transport(path, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'network_error', '서버 오류가 발생했습니다.');
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || '요청을 처리하지 못했습니다.';
    const code = res.headers.get('x-error-code');
    // A 401 for a session that has already ended here (withdrawal, logout) is not news: stay quiet.
    if (auth.token() === token) {
      if (res.status === 401 && code === 'login_required') onUnauthorized();
      if (res.status === 403 && code === 'account_suspended' && token) onUnauthorized(text);
    }
    throw new ApiError(res.status, code, text);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  const raw = await res.text();
  if (!raw) return undefined as T;
  return (type.includes('application/json') ? JSON.parse(raw) : raw) as T;
}

export const get = <T>(path: string, signal?: AbortSignal) => api<T>(path, { signal });
export const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', body });
export const put = <T>(path: string, body?: unknown) => api<T>(path, { method: 'PUT', body });
export const patch = <T>(path: string, body?: unknown) => api<T>(path, { method: 'PATCH', body });
export const del = <T>(path: string, body?: unknown) => api<T>(path, { method: 'DELETE', body });

/**
 * A 401 login_required or a 403 account_suspended: the app's handler has already cleared the session and said so;
 * say nothing more.
 */
export const sessionExpired = (e: unknown) =>
  e instanceof ApiError &&
  ((e.status === 401 && e.code === 'login_required') || (e.status === 403 && e.code === 'account_suspended'));

/** Says why an action failed, unless it failed because the session ended (already said, on the way to /login). */
export function alertFailure(e: unknown, text: string): void {
  if (!sessionExpired(e)) alert(text);
}

export const errorText = (e: unknown) => (e instanceof ApiError ? e.message : '서버 오류가 발생했습니다.');
