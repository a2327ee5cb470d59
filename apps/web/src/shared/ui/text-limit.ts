/**
 * A text field's limit, as the contract counts it: code points of the trimmed text (the server trims, then
 * counts). Nothing here cuts what was typed or pasted: past the limit the field says so and the submit is refused.
 */

/** The counter shows from this share of the limit on. */
const NEAR_SHARE = 0.8;

export interface LimitState {
  count: number;
  max: number;
  /** the counter is shown (near the limit, or past it) */
  near: boolean;
  over: boolean;
}

export const limitCount = (value: string) => [...value.trim()].length;

export function limitState(value: string, max: number): LimitState {
  const count = limitCount(value);
  return { count, max, near: count >= Math.ceil(max * NEAR_SHARE), over: count > max };
}

const numbers = new Intl.NumberFormat('ko-KR');
/** `1,980/2,000` */
export const countText = ({ count, max }: Pick<LimitState, 'count' | 'max'>) => `${numbers.format(count)}/${numbers.format(max)}`;

/** A limited field as a submit checks it: the control's id and its state, or what it holds and its limit. */
export type LimitedField = { id: string } & (Pick<LimitState, 'over'> | { value: string; max: number });

/**
 * Focuses the first field past its limit and says whether there was one: the caller then refuses the submit and
 * keeps every value as it is (the field already shows the contract's text).
 */
export function refuseOverLimit(fields: LimitedField[]): boolean {
  const over = fields.find((f) => ('over' in f ? f.over : limitState(f.value, f.max).over));
  if (over) document.getElementById(over.id)?.focus();
  return over !== undefined;
}

/** The contract's text shown past the limit: given, or read from the contract when first needed ({@link fromContract}). */
export type LimitText = string | (() => Promise<string>);

type Contract = typeof import('@app/contract');

/**
 * A contract text read from `@app/contract` the first time a field passes its limit. The contract module holds
 * zod and every schema, so pages that show no other contract value (the public board and post pages among them)
 * do not load it up front. Define these at module level: the function is the text's identity.
 */
export const fromContract =
  (pick: (contract: Contract) => string): LimitText =>
  () =>
    import('@app/contract').then(pick);

interface Checkable {
  safeParse(value: unknown): { error?: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * The text a contract schema refuses a value one character past `max` with, for the fields whose texts the
 * contract keeps inside the schema. `list`: the schema checks a list of items (tags, tech stacks).
 */
export function tooLongText(schema: Checkable, max: number, list = false): string {
  const sample = 'a'.repeat(max + 1);
  return schema.safeParse(list ? [sample] : sample).error?.issues[0]?.message ?? '';
}
