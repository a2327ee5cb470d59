import { decodeJwt } from 'jose';
import type { Db } from '../db/client.js';
import { signedInUser } from '../features/account/queries.js';
import type { Clock } from '../lib/clock.js';
import type { AuthUser } from '../lib/auth-user.js';
import type { TokenService } from '../lib/tokens.js';

export interface SocketIdentity {
  user: AuthUser;
  token: string;
  tokenVersion: number;
  /** the token's exp, in ms */
  expiresAt: number;
}

const STATUS_TTL_MS = 30_000;

/**
 * Tokens on the SockJS handshake (docs/api.md §1.2, §5.1), checked like the HTTP auth hook: signature, expiry,
 * an active non-system user and the current token version. Every later frame is re-checked cheaply against
 * a short-lived cache of the user's token version, which revocation events refresh at once.
 */
export class SocketAuth {
  private readonly versions = new Map<number, { tv: number | null; user: AuthUser | null; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
  ) {}

  /** Who the token names, read fresh from the database; null when it is not valid now. */
  async authenticate(token: string | null, useCache = false): Promise<SocketIdentity | null> {
    if (!token) return null;
    const now = this.clock.now();
    const claims = await this.tokens.verify(token, now);
    if (!claims) return null;
    const cached = useCache ? this.versions.get(claims.uid) : undefined;
    let user: AuthUser | null = null;
    if (cached && cached.tv === claims.tv && now.getTime() - cached.at < STATUS_TTL_MS) user = cached.user;
    user ??= await this.load(claims.uid, claims.tv);
    if (!user) return null;
    return { user, token, tokenVersion: claims.tv, expiresAt: (decodeJwt(token).exp ?? 0) * 1000 };
  }

  /** Whether the identity is still good (docs/api.md §5.1: the next frame after expiry or revocation fails). */
  async stillValid(identity: SocketIdentity): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (now >= identity.expiresAt) return false;
    const cached = this.versions.get(identity.user.id);
    if (cached && now - cached.at < STATUS_TTL_MS) return cached.tv === identity.tokenVersion;
    return (await this.load(identity.user.id, identity.tokenVersion)) !== null;
  }

  /** Sessions of the user were revoked: the next check reads the database. */
  forget(userId: number) {
    this.versions.delete(userId);
  }

  private async load(userId: number, tv: number): Promise<AuthUser | null> {
    const row = await signedInUser(this.db, userId);
    const user = row?.nickname ? { id: row.id, loginId: row.loginId, nickname: row.nickname } : null;
    const current = user && row ? row.tv : null;
    this.versions.set(userId, { tv: current, user, at: this.clock.now().getTime() });
    return user && current === tv ? user : null;
  }
}
