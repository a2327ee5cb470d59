import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  uid: number;
  tv: number;
}

const DAY_SECONDS = 24 * 60 * 60;

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ uid: claims.uid, tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + DAY_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid HS256 token, or null for anything else. */
  async verify(token: string, now: Date): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.uid !== 'number' || typeof payload.tv !== 'number') return null;
      return { sub: payload.sub, uid: payload.uid, tv: payload.tv };
    } catch {
      return null;
    }
  }
}
