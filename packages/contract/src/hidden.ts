import { z } from 'zod';
import { HIDDEN_BY_REPORTS_TEXT } from './moderation.js';

/**
 * Hidden content as its author (or an operator) reads it (docs/api.md §10.4): the item carries `hidden: true` and
 * `hiddenReason` (the operator's note, or the reports text when hidden by reports). Nobody else reads a hidden
 * item, and an item that is not hidden keeps its shape exactly, so both keys are there only on a hidden one.
 */
export const hiddenMark = {
  hidden: z.boolean().optional(),
  hiddenReason: z.string().nullable().optional(),
};
export type HiddenMark = { hidden?: boolean; hiddenReason?: string | null };

/** The keys a row adds to its shape: none unless it is hidden. */
export function hiddenMarkOf(row: { hiddenAt: Date | string | null; hiddenReason: string | null }): HiddenMark {
  if (row.hiddenAt === null || row.hiddenAt === undefined) return {};
  return { hidden: true, hiddenReason: row.hiddenReason ?? HIDDEN_BY_REPORTS_TEXT };
}
