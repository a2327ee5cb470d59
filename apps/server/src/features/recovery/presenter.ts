import type { MaskedLoginId } from '@app/contract';

/** docs/api.md §6.2: empty stays empty; up to 4 characters keep the first; longer ones hide the last 4. */
export function maskLoginId(loginId: string): string {
  const chars = [...loginId];
  if (chars.length === 0) return '';
  if (chars.length <= 4) return `${chars[0]}***`;
  return `${chars.slice(0, -4).join('')}****`;
}

export const presentMaskedLoginIds = (loginIds: string[]): MaskedLoginId[] =>
  loginIds.map((id) => ({ maskedLoginId: maskLoginId(id) }));
