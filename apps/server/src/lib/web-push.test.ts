import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadVapidKeys } from './web-push.js';

const SUBJECT = 'mailto:teammate@example.org';
const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'vapid-'));

function collect() {
  const warnings: string[] = [];
  return { warnings, warn: (m: string) => warnings.push(m) };
}

describe('loadVapidKeys', () => {
  it('takes both keys from the environment and keeps nothing', () => {
    const dir = freshDir();
    const pair = webpush.generateVAPIDKeys();
    const { warnings, warn } = collect();
    expect(loadVapidKeys({ ...pair, subject: SUBJECT }, dir, warn)).toEqual({ ...pair, subject: SUBJECT });
    expect(readdirSync(dir)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('without keys: makes a pair once, keeps it readable only by the owner, and gives it again on the next start', () => {
    const dir = freshDir();
    const { warnings, warn } = collect();
    const first = loadVapidKeys({ subject: SUBJECT }, dir, warn);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe(SUBJECT);
    expect(readdirSync(dir)).toEqual(['vapid.json']);
    expect(statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ subject: SUBJECT }, dir, warn)).toEqual(first);
    expect(warnings).toEqual([]);
  });

  it('two instances starting together on one directory: the one that writes second takes the first one’s pair', () => {
    const dir = freshDir();
    const { warn } = collect();
    let winner: ReturnType<typeof loadVapidKeys> | undefined;
    // this instance found no pair and makes its own; meanwhile the other instance makes and keeps one
    const loser = loadVapidKeys({ subject: SUBJECT }, dir, warn, () => {
      winner = loadVapidKeys({ subject: SUBJECT }, dir, warn);
      return webpush.generateVAPIDKeys();
    });
    expect(winner).toBeDefined();
    expect(loser).toEqual(winner);
    expect(loadVapidKeys({ subject: SUBJECT }, dir, warn)).toEqual(winner);
    expect(readdirSync(dir)).toEqual(['vapid.json']);
  });

  it('only one key set: warns naming both variables and uses the kept pair', () => {
    const dir = freshDir();
    const kept = loadVapidKeys({ subject: SUBJECT }, dir, () => undefined);
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const cases = [
      { configured: { publicKey }, message: 'VAPID_PUBLIC_KEY is set without VAPID_PRIVATE_KEY' },
      { configured: { privateKey }, message: 'VAPID_PRIVATE_KEY is set without VAPID_PUBLIC_KEY' },
    ];
    for (const { configured, message } of cases) {
      const { warnings, warn } = collect();
      expect(loadVapidKeys({ ...configured, subject: SUBJECT }, dir, warn)).toEqual(kept);
      expect(warnings).toEqual([expect.stringContaining(message)]);
    }
  });
});
