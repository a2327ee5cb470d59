import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  OAuth2Issuer,
  OAuth2Service,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
} from 'oauth2-mock-server';

export type ProviderKind = 'kakao' | 'naver' | 'github' | 'google';

/** Who signs in at the provider next. */
export interface ProviderAccount {
  id: string;
  email?: string | null;
  /** Kakao's is_email_verified, Google's email_verified, GitHub's primary address's `verified` */
  emailVerified?: boolean;
  /** Kakao's is_email_valid (true unless set) */
  emailValid?: boolean;
  nickname?: string | null;
}

interface IssuedCode {
  account: ProviderAccount;
  redirectUri: string;
  challenge: string | null;
  used: boolean;
}

/**
 * A local OAuth 2 / OIDC provider for the API tests, on oauth2-mock-server (which checks the PKCE verifier against
 * the challenge). Around it, what a real provider also does: the client id and secret are checked, a code works once
 * for its redirect URI, a code issued with a challenge needs its verifier; user info comes in the shape of the
 * provider it plays (Kakao, Naver, GitHub with /user/emails, Google's ID token); and it can fail or hang on purpose.
 */
export class LocalProvider {
  readonly clientId: string;
  /** null: an app without a secret (Kakao allows it); a token request that carries one is refused then */
  readonly clientSecret: string | null;
  /** the next sign-in at /authorize */
  nextAccount: ProviderAccount = { id: '1' };
  /** the user presses "cancel" at the provider */
  deny = false;
  /** the token endpoint answers an error, or never answers */
  tokenFailure: 'error' | 'hang' | null = null;
  userinfoFailure: 'error' | 'hang' | null = null;
  /** claims forced into Google's next ID tokens (a wrong `aud`, `iss` or `nonce`) */
  idTokenOverride: Record<string, unknown> = {};
  /** every access token and refresh token handed out (none may end up in our database) */
  readonly issuedTokens: string[] = [];
  /** token requests refused, with the reason */
  readonly refusals: string[] = [];

  private readonly issuer = new OAuth2Issuer();
  private readonly service: OAuth2Service;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, ProviderAccount>();
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  url = '';

  constructor(
    readonly kind: ProviderKind,
    options: { secret?: boolean } = {},
  ) {
    this.clientId = `${kind}-client`;
    this.clientSecret = options.secret === false ? null : `secret-${Math.random().toString(36).slice(2)}`;
    this.service = new OAuth2Service(this.issuer, { userinfo: kind === 'github' ? '/user' : '/userinfo' });
    this.service.on('beforeAuthorizeRedirect', (r: MutableRedirectUri, req: IncomingMessage) => this.onAuthorize(r, req));
    this.service.on('beforeResponse', (r: MutableResponse, req: IncomingMessage & { body: Record<string, string> }) =>
      this.onToken(r, req),
    );
    this.service.on('beforeTokenSigning', (t: MutableToken, req: IncomingMessage & { body: Record<string, string> }) =>
      this.onSigning(t, req),
    );
    this.service.on('beforeUserinfo', (r: MutableResponse, req: IncomingMessage) => this.onUserinfo(r, req));
  }

  static async start(kind: ProviderKind, options: { secret?: boolean } = {}): Promise<LocalProvider> {
    const p = new LocalProvider(kind, options);
    await p.listen();
    return p;
  }

  private async listen() {
    await this.issuer.keys.generate('RS256');
    const handler = this.service.requestHandler;
    this.server = createServer((req, res) => this.handle(req, res, handler));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.issuer.url = this.url;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The environment that points the app at this provider. */
  env(): Record<string, string> {
    const name = this.kind.toUpperCase();
    const env: Record<string, string> = {
      [`OAUTH_${name}_CLIENT_ID`]: this.clientId,
      ...(this.clientSecret === null ? {} : { [`OAUTH_${name}_CLIENT_SECRET`]: this.clientSecret }),
      [`OAUTH_${name}_AUTHORIZE_URL`]: `${this.url}/authorize`,
      [`OAUTH_${name}_TOKEN_URL`]: `${this.url}/token`,
      [`OAUTH_${name}_USERINFO_URL`]: `${this.url}${this.kind === 'github' ? '/user' : '/userinfo'}`,
    };
    if (this.kind === 'github') env.OAUTH_GITHUB_EMAILS_URL = `${this.url}/user/emails`;
    if (this.kind === 'google') env.OAUTH_GOOGLE_ISSUER = this.url;
    return env;
  }

  private handle(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void) {
    const path = new URL(req.url ?? '/', this.url).pathname;
    const failure = path === '/token' ? this.tokenFailure : path.startsWith('/user') ? this.userinfoFailure : null;
    if (failure === 'hang') return; // never answers; stop() closes the socket
    if (failure === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"server_error"}');
      return;
    }
    if (path === '/user/emails') return this.emails(req, res);
    next(req, res);
  }

  private onAuthorize(r: MutableRedirectUri, req: IncomingMessage) {
    const q = new URL(req.url ?? '/', this.url).searchParams;
    const code = r.url.searchParams.get('code');
    if (q.get('client_id') !== this.clientId || this.deny || !code) {
      r.url.searchParams.delete('code');
      r.url.searchParams.set('error', this.deny ? 'access_denied' : 'unauthorized_client');
      return;
    }
    this.codes.set(code, {
      account: this.nextAccount,
      redirectUri: q.get('redirect_uri') ?? '',
      challenge: q.get('code_challenge'),
      used: false,
    });
  }

  /** Why a token request is refused, as a real provider would refuse it; null when it is fine. */
  private refusal(req: IncomingMessage & { body: Record<string, string> }): string | null {
    const body = req.body;
    let id = body.client_id;
    let secret = body.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
    if (id !== this.clientId || (secret ?? null) !== this.clientSecret) return 'invalid_client';
    const issued = this.codes.get(body.code);
    if (!issued || issued.used) return 'invalid_grant: unknown or used code';
    issued.used = true;
    if (body.redirect_uri !== issued.redirectUri) return 'invalid_grant: redirect_uri';
    if (issued.challenge && !body.code_verifier) return 'invalid_grant: code_verifier missing';
    if (this.kind === 'naver' && !body.state) return 'invalid_request: state';
    return null;
  }

  private onToken(r: MutableResponse, req: IncomingMessage & { body: Record<string, string> }) {
    const refused = this.refusal(req);
    if (refused) {
      this.refusals.push(refused);
      r.statusCode = refused === 'invalid_client' ? 401 : 400;
      r.body = { error: refused.split(':')[0] };
      return;
    }
    const body = r.body as Record<string, unknown>;
    const account = this.codes.get(req.body.code)!.account;
    this.accessTokens.set(String(body.access_token), account);
    this.issuedTokens.push(String(body.access_token), String(body.refresh_token));
    // only Google speaks OIDC among the four
    if (this.kind !== 'google') delete body.id_token;
  }

  private onSigning(t: MutableToken, req: IncomingMessage & { body: Record<string, string> }) {
    if (this.kind !== 'google' || t.payload.aud !== this.clientId) return;
    const account = this.codes.get(req.body.code)?.account;
    if (!account) return;
    Object.assign(t.payload, {
      sub: account.id,
      ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? false } : {}),
      ...(account.nickname ? { name: account.nickname } : {}),
      ...this.idTokenOverride,
    });
  }

  private accountOf(req: IncomingMessage): ProviderAccount | undefined {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    return m ? this.accessTokens.get(m[1]) : undefined;
  }

  private onUserinfo(r: MutableResponse, req: IncomingMessage) {
    const a = this.accountOf(req);
    if (!a) {
      r.statusCode = 401;
      r.body = { error: 'invalid_token' };
      return;
    }
    switch (this.kind) {
      case 'kakao':
        r.body = {
          id: Number(a.id),
          kakao_account: {
            ...(a.email
              ? { email: a.email, is_email_valid: a.emailValid ?? true, is_email_verified: a.emailVerified ?? false }
              : {}),
            profile: a.nickname ? { nickname: a.nickname } : {},
          },
        };
        break;
      case 'naver':
        r.body = {
          resultcode: '00',
          message: 'success',
          response: { id: a.id, ...(a.email ? { email: a.email } : {}), ...(a.nickname ? { nickname: a.nickname } : {}) },
        };
        break;
      case 'github':
        r.body = { id: Number(a.id), login: a.nickname ?? `gh${a.id}`, email: null };
        break;
      default:
        r.body = { sub: a.id };
    }
  }

  private emails(req: IncomingMessage, res: ServerResponse) {
    const a = this.accountOf(req);
    if (!a) {
      res.writeHead(401).end();
      return;
    }
    const list = [
      { email: `other-${a.id}@example.com`, primary: false, verified: true, visibility: null },
      ...(a.email ? [{ email: a.email, primary: true, verified: a.emailVerified ?? false, visibility: 'private' }] : []),
    ];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  }
}
