/** A path of this site, or null: it starts with one `/`, and holds no `\`, whitespace or control character. */
function isSameSitePath(p: string): boolean {
  return p.startsWith('/') && p[1] !== '/' && p[1] !== '\\' && !/[\\\s\p{Cc}]/u.test(p);
}

const MAX_FROM_LENGTH = 2048;

/**
 * docs/api.md §10.3: where a sign-in returns to. The value is checked as typed and again after percent-decoding
 * (so `/%2F%2Fevil.example` and `/%5Cevil` fail too); anything else is `/`.
 */
export function safeFrom(from: unknown): string {
  if (typeof from !== 'string' || from.length > MAX_FROM_LENGTH || !isSameSitePath(from)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(from);
  } catch {
    return '/';
  }
  return isSameSitePath(decoded) ? from : '/';
}
