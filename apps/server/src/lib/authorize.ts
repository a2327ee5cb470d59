import { Forbidden } from './errors.js';

/**
 * The one way a route refuses an actor: `allowed` is a named predicate from the area's policy.ts, the text is
 * the contract's 403 text for that route.
 */
export function authorize(allowed: boolean, text: string, code = 'forbidden'): asserts allowed {
  if (!allowed) throw new Forbidden(text, code);
}
