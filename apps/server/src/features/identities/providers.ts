import * as oidc from 'openid-client';
import type { OAuthProvider } from '@app/contract';
import type { Config, OAuthProviderConfig } from '../../config.js';

/** Who the provider says signed in. `emailVerified` is null where the provider publishes no such flag. */
export interface ProviderProfile {
  id: string;
  email: string | null;
  emailVerified: boolean | null;
  nickname: string | null;
}

/** What a flow keeps between the start and the callback (never the provider's tokens). */
export interface FlowChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export type ProviderFailure = 'cancelled' | 'provider_failed';

/** A failed exchange with the provider; the tokens and the provider's texts stay out of it. */
export class ProviderError extends Error {
  constructor(
    readonly reason: ProviderFailure,
    options?: { cause?: unknown },
  ) {
    super(`provider ${reason}`, options);
  }
}

/** One provider behind one small port: the authorization URL, and the callback traded for a profile. */
export interface ProviderPort {
  readonly name: OAuthProvider;
  authorizationUrl(checks: FlowChecks): Promise<URL>;
  /** `callbackUrl` is the callback as the provider called it (its query holds `code` and `state`). */
  profile(callbackUrl: URL, checks: FlowChecks): Promise<ProviderProfile>;
}

/** Each provider call gives up after this; a GitHub sign-in makes three calls, so a hung provider fails within 10 s. */
export const PROVIDER_CALL_TIMEOUT_SECONDS = 3;

interface ProviderSpec {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl?: string;
  emailsUrl?: string;
  issuer: string;
  scope: string;
  oidc: boolean;
  /** Naver asks for the state again at the token endpoint */
  stateAtTokenEndpoint?: boolean;
  /** the token endpoint refuses a request without the client secret (Kakao's secret is an option of the app) */
  secretRequired: boolean;
}

/** The providers' published endpoints; each may be overridden by configuration (docs/operations.md). */
const SPECS: Record<OAuthProvider, ProviderSpec> = {
  kakao: {
    authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userinfoUrl: 'https://kapi.kakao.com/v2/user/me',
    issuer: 'https://kauth.kakao.com',
    scope: 'profile_nickname account_email',
    oidc: false,
    secretRequired: false,
  },
  naver: {
    authorizeUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    userinfoUrl: 'https://openapi.naver.com/v1/nid/me',
    issuer: 'https://nid.naver.com',
    scope: '',
    oidc: false,
    stateAtTokenEndpoint: true,
    secretRequired: true,
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    issuer: 'https://github.com',
    scope: 'read:user user:email',
    oidc: false,
    secretRequired: true,
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    scope: 'openid email profile',
    oidc: true,
    secretRequired: true,
  },
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' && v !== '' ? v : null;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Reads each provider's user info as it publishes it (docs/api.md §10.3). */
const READERS: Record<Exclude<OAuthProvider, 'google'>, (info: Record<string, unknown>) => ProviderProfile | null> = {
  kakao(info) {
    const id = idOf(info.id);
    const account = obj(info.kakao_account);
    const email = str(account.email);
    if (!id) return null;
    return {
      id,
      email,
      emailVerified: email === null ? null : account.is_email_valid === true && account.is_email_verified === true,
      nickname: str(obj(account.profile).nickname),
    };
  },
  naver(info) {
    const response = obj(info.response);
    const id = idOf(response.id);
    return id ? { id, email: str(response.email), emailVerified: null, nickname: str(response.nickname) } : null;
  },
  github(info) {
    const id = idOf(info.id);
    return id ? { id, email: null, emailVerified: null, nickname: str(info.login) } : null;
  },
};

class OidcProviderPort implements ProviderPort {
  constructor(
    readonly name: OAuthProvider,
    private readonly spec: ProviderSpec,
    private readonly client: oidc.Configuration,
    private readonly redirectUri: string,
  ) {}

  static create(name: OAuthProvider, conf: OAuthProviderConfig, redirectUri: string): OidcProviderPort {
    const base = SPECS[name];
    const spec: ProviderSpec = {
      ...base,
      authorizeUrl: conf.authorizeUrl ?? base.authorizeUrl,
      tokenUrl: conf.tokenUrl ?? base.tokenUrl,
      userinfoUrl: conf.userinfoUrl ?? base.userinfoUrl,
      emailsUrl: conf.emailsUrl ?? base.emailsUrl,
      issuer: conf.issuer ?? (conf.authorizeUrl ? new URL(conf.authorizeUrl).origin : base.issuer),
    };
    const client = new oidc.Configuration(
      {
        issuer: spec.issuer,
        authorization_endpoint: spec.authorizeUrl,
        token_endpoint: spec.tokenUrl,
        ...(spec.userinfoUrl ? { userinfo_endpoint: spec.userinfoUrl } : {}),
      },
      conf.clientId,
      conf.clientSecret ? { client_secret: conf.clientSecret } : {},
      // every one of the four takes the secret in the form body (Kakao and Naver no other way); a Kakao app without
      // a secret is identified by its client id alone
      conf.clientSecret ? oidc.ClientSecretPost(conf.clientSecret) : oidc.None(),
    );
    client.timeout = PROVIDER_CALL_TIMEOUT_SECONDS;
    // plain http only where configuration points an endpoint at it (a local provider)
    if ([spec.authorizeUrl, spec.tokenUrl, spec.userinfoUrl, spec.emailsUrl].some((u) => u?.startsWith('http:'))) {
      oidc.allowInsecureRequests(client);
    }
    return new OidcProviderPort(name, spec, client, redirectUri);
  }

  async authorizationUrl(checks: FlowChecks): Promise<URL> {
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (this.spec.scope) params.scope = this.spec.scope;
    if (this.spec.oidc) params.nonce = checks.nonce;
    return oidc.buildAuthorizationUrl(this.client, params);
  }

  async profile(callbackUrl: URL, checks: FlowChecks): Promise<ProviderProfile> {
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(
        this.client,
        callbackUrl,
        {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          ...(this.spec.oidc ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
        },
        this.spec.stateAtTokenEndpoint ? { state: checks.state } : undefined,
      );
    } catch (err) {
      const cancelled = err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied';
      throw new ProviderError(cancelled ? 'cancelled' : 'provider_failed', { cause: err });
    }
    try {
      const profile = this.spec.oidc ? this.fromIdToken(tokens) : await this.fromUserInfo(tokens.access_token);
      if (!profile) throw new Error('the provider named no user');
      return profile;
    } catch (err) {
      throw err instanceof ProviderError ? err : new ProviderError('provider_failed', { cause: err });
    }
  }

  /** Google: the ID token's claims, checked by openid-client (iss, aud, exp, iat, nonce). */
  private fromIdToken(tokens: oidc.TokenEndpointResponseHelpers): ProviderProfile | null {
    const claims = tokens.claims();
    if (!claims) return null;
    const email = str(claims.email);
    return {
      id: claims.sub,
      email,
      emailVerified: email === null ? null : claims.email_verified === true,
      nickname: str(claims.name),
    };
  }

  private async fromUserInfo(accessToken: string): Promise<ProviderProfile | null> {
    const info = await this.getJson(accessToken, this.spec.userinfoUrl!);
    const profile = READERS[this.name as Exclude<OAuthProvider, 'google'>](obj(info));
    if (profile && this.spec.emailsUrl) {
      const emails = await this.getJson(accessToken, this.spec.emailsUrl);
      // GitHub: the primary address, and only when GitHub has verified it
      const primary = (Array.isArray(emails) ? emails : []).map(obj).find((e) => e.primary === true && e.verified === true);
      const email = primary ? str(primary.email) : null;
      return { ...profile, email, emailVerified: email === null ? null : true };
    }
    return profile;
  }

  private async getJson(accessToken: string, url: string): Promise<unknown> {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'team-finder' });
    const res = await oidc.fetchProtectedResource(this.client, accessToken, new URL(url), 'GET', undefined, headers);
    if (res.status !== 200) throw new Error(`user info answered ${res.status}`);
    return res.json();
  }
}

/**
 * The configured providers' ports. A provider without a client id has none; nor has one whose token endpoint
 * requires a secret that is not set (every sign-in would fail), which `warn` reports.
 */
export function providerPorts(
  config: Pick<Config, 'oauth' | 'publicUrl'>,
  warn: (message: string) => void,
): Map<OAuthProvider, ProviderPort> {
  const ports = new Map<OAuthProvider, ProviderPort>();
  for (const name of Object.keys(SPECS) as OAuthProvider[]) {
    const conf = config.oauth[name];
    if (!conf) continue;
    if (!conf.clientSecret && SPECS[name].secretRequired) {
      const variable = `OAUTH_${name.toUpperCase()}_CLIENT_SECRET`;
      warn(`${variable} is not set: sign-in with ${name} is off (its client id alone cannot get a token)`);
      continue;
    }
    ports.set(name, OidcProviderPort.create(name, conf, redirectUriOf(config.publicUrl, name)));
  }
  return ports;
}

export const redirectUriOf = (publicUrl: string, provider: OAuthProvider) => `${publicUrl}/api/auth/oauth/${provider}/callback`;
