import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type KeyPair = Omit<VapidKeys, 'subject'>;

/**
 * The configured VAPID pair, else one made on first start and kept in `dataDir` (every instance must share it).
 * Only one of the two keys configured is a mistake the server can work around: it warns and uses the kept pair.
 */
export function loadVapidKeys(
  configured: { publicKey?: string; privateKey?: string; subject: string },
  dataDir: string,
  warn: (message: string) => void,
  generate: () => KeyPair = () => webpush.generateVAPIDKeys(),
): VapidKeys {
  const { publicKey, privateKey, subject } = configured;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) {
    const [set, missing] = publicKey ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
    warn(`${set} is set without ${missing}: it is ignored and the pair kept in DATA_DIR is used (set both or neither)`);
  }
  return { ...keptPair(path.join(dataDir, 'vapid.json'), generate), subject };
}

/**
 * The pair in `file`, made first if there is none. Instances sharing the directory may start together: the new pair
 * is written whole to a file of this instance's own and then linked to `file`, which fails if another instance got
 * there first (an exclusive create that is never seen half-written); then that instance's pair is the one read.
 */
function keptPair(file: string, generate: () => KeyPair): KeyPair {
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, JSON.stringify(generate()), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(draft);
    }
  }
  const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeyPair>;
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID pair: delete it to have a new one made (push subscriptions end)`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
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
