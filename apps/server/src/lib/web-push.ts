import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The configured VAPID pair, else one made on first start and kept in `dataDir` (every instance must share it). */
export function loadVapidKeys(
  configured: { publicKey?: string; privateKey?: string; subject: string },
  dataDir: string,
): VapidKeys {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject: configured.subject };
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...kept, subject: configured.subject };
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push service answered: taken, or the subscription is gone for good (404, 410). */
export type PushAnswer = 'sent' | 'gone';

/** A push service that failed or did not answer in time: worth another try later. */
export class PushUnavailable extends Error {}

const TIMEOUT_MS = 10_000;
/** how long a push service keeps a message for a device that is offline */
const TTL_SECONDS = 24 * 3600;

/**
 * Sends one Web Push message (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the subscription
 * (RFC 8291, aes128gcm) by the `web-push` library; the request itself goes through fetch with a time limit, so a
 * push service that hangs never holds a worker.
 */
export async function sendWebPush(keys: VapidKeys, target: PushTarget, payload: unknown): Promise<PushAnswer> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    throw new PushUnavailable(`push service unreachable: ${(err as Error).message}`);
  }
  if (status === 404 || status === 410) return 'gone';
  if (status < 200 || status >= 300) throw new PushUnavailable(`push service answered ${status}`);
  return 'sent';
}
