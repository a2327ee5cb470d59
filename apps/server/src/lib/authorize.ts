import { Forbidden } from './errors.js';

/**
 * The one way a route refuses an actor: `allowed` is a named predicate from the area's policy.ts, the text is
 * the route's 403 text (docs/api.md §3, §9).
 */
export function authorize(allowed: boolean, text: string, code = 'forbidden'): asserts allowed {
  if (!allowed) throw new Forbidden(text, code);
}
