import { socialAccountLabel, type MaskedLoginId } from '@app/contract';

/** docs/api.md §6.2: empty stays empty; up to 4 characters keep the first; longer ones hide the last 4. */
export function maskLoginId(loginId: string): string {
  const chars = [...loginId];
  if (chars.length === 0) return '';
  if (chars.length <= 4) return `${chars[0]}***`;
  return `${chars.slice(0, -4).join('')}****`;
}

/** An account without a login id is named by the providers it signs in with: `소셜 계정 (카카오)` (docs/api.md §10.3). */
export const presentMaskedLoginIds = (found: Array<{ loginId: string | null; providers: string[] }>): MaskedLoginId[] =>
  found.map((f) => ({ maskedLoginId: f.loginId === null ? socialAccountLabel(f.providers) : maskLoginId(f.loginId) }));
