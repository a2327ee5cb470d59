import { describe, expect, it } from 'vitest';
import { base64UrlBytes } from './device-push';

describe('base64UrlBytes', () => {
  it('reads an unpadded base64url VAPID key into its 65 bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 251) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toMatch(/[-_]/);
    expect(base64UrlBytes(`${key}\n`)).toEqual(bytes);
  });
});
