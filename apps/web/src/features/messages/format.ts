const SENDER_MAX = 6;

/** The dropdown's sender: over 6 characters becomes the first 6 plus "...". */
export function shortSender(name: string): string {
  const chars = [...name];
  return chars.length > SENDER_MAX ? `${chars.slice(0, SENDER_MAX).join('')}...` : name;
}
