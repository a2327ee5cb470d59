import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { OAuth2Issuer, OAuth2Service, type MutableRedirectUri, type MutableResponse } from 'oauth2-mock-server';

/**
 * The local sign-in provider of the browser tests: Kakao and GitHub played on one port (`/kakao/…`, `/github/…`) by
 * oauth2-mock-server, which checks the PKCE verifier, and whose authorize page sends the browser straight back to
 * the callback, so the browser walks the real redirects. Around it, what a real provider does too: the client id
 * and secret are checked, a code works once, and user info comes in the provider's own shape (GitHub with
 * /user/emails).
 *
 * Who signs in is the browser's business: a test sets the cookie `e2e_oauth_{kind}` (see `accountCookie`) on the
 * provider's origin before it clicks, so tests running side by side never sign in as each other. An account may
 * ask for the cancel button (`deny`) or for a token endpoint that fails (`failToken`).
 */
export const E2E_PROVIDERS = ['kakao', 'github'] as const;
export type E2EProvider = (typeof E2E_PROVIDERS)[number];

export interface ProviderAccount {
  id: string;
  email?: string;
  nickname?: string;
  /** the person presses cancel at the provider */
  deny?: boolean;
  /** the token endpoint answers 500 */
  failToken?: boolean;
}

export const oauthPort = (appPort: number) => Number(process.env.E2E_OAUTH_PORT || appPort + 1000);
const secretOf = (kind: E2EProvider) => `e2e-${kind}-secret`;
const clientOf = (kind: E2EProvider) => `e2e-${kind}-client`;
export const cookieName = (kind: E2EProvider) => `e2e_oauth_${kind}`;
export const cookieValue = (account: ProviderAccount) => Buffer.from(JSON.stringify(account)).toString('base64url');

/** The server's environment that points it at the local provider. */
export function providerEnv(port: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const kind of E2E_PROVIDERS) {
    const name = kind.toUpperCase();
    const base = `http://127.0.0.1:${port}/${kind}`;
    env[`OAUTH_${name}_CLIENT_ID`] = clientOf(kind);
    env[`OAUTH_${name}_CLIENT_SECRET`] = secretOf(kind);
    env[`OAUTH_${name}_AUTHORIZE_URL`] = `${base}/authorize`;
    env[`OAUTH_${name}_TOKEN_URL`] = `${base}/token`;
    env[`OAUTH_${name}_USERINFO_URL`] = `${base}${kind === 'github' ? '/user' : '/userinfo'}`;
  }
  env.OAUTH_GITHUB_EMAILS_URL = `http://127.0.0.1:${port}/github/user/emails`;
  return env;
}

type BodyRequest = IncomingMessage & { body: Record<string, string> };

class PlayedProvider {
  readonly issuer = new OAuth2Issuer();
  readonly service: OAuth2Service;
  private readonly codes = new Map<string, { account: ProviderAccount; used: boolean }>();
  private readonly tokens = new Map<string, ProviderAccount>();

  constructor(
    readonly kind: E2EProvider,
    url: string,
  ) {
    this.issuer.url = url;
    this.service = new OAuth2Service(this.issuer, { userinfo: kind === 'github' ? '/user' : '/userinfo' });
    this.service.on('beforeAuthorizeRedirect', (r: MutableRedirectUri, req: IncomingMessage) => this.authorize(r, req));
    this.service.on('beforeResponse', (r: MutableResponse, req: BodyRequest) => this.token(r, req));
    this.service.on('beforeUserinfo', (r: MutableResponse, req: IncomingMessage) => this.userinfo(r, req));
  }

  private authorize(r: MutableRedirectUri, req: IncomingMessage) {
    const query = new URL(req.url ?? '/', this.issuer.url).searchParams;
    const code = r.url.searchParams.get('code');
    const account = readAccount(req, this.kind);
    if (query.get('client_id') !== clientOf(this.kind) || !code || !account || account.deny) {
      r.url.searchParams.delete('code');
      r.url.searchParams.set('error', account?.deny ? 'access_denied' : 'unauthorized_client');
      return;
    }
    this.codes.set(code, { account, used: false });
  }

  private token(r: MutableResponse, req: BodyRequest) {
    const { client_id: id, client_secret: secret, code } = req.body;
    const issued = this.codes.get(code);
    const refused =
      id !== clientOf(this.kind) || secret !== secretOf(this.kind)
        ? 'invalid_client'
        : !issued || issued.used
          ? 'invalid_grant'
          : null;
    if (refused || issued?.account.failToken) {
      r.statusCode = refused === 'invalid_client' ? 401 : refused ? 400 : 500;
      r.body = { error: refused ?? 'server_error' };
      return;
    }
    issued!.used = true;
    const body = r.body as Record<string, unknown>;
    this.tokens.set(String(body.access_token), issued!.account);
    delete body.id_token; // neither Kakao nor GitHub speaks OIDC
  }

  private accountOf(req: IncomingMessage) {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    return m ? this.tokens.get(m[1]) : undefined;
  }

  private userinfo(r: MutableResponse, req: IncomingMessage) {
    const a = this.accountOf(req);
    if (!a) {
      r.statusCode = 401;
      r.body = { error: 'invalid_token' };
    } else if (this.kind === 'kakao') {
      r.body = {
        id: Number(a.id),
        kakao_account: {
          ...(a.email ? { email: a.email, is_email_valid: true, is_email_verified: true } : {}),
          profile: a.nickname ? { nickname: a.nickname } : {},
        },
      };
    } else {
      r.body = { id: Number(a.id), login: a.nickname ?? `gh${a.id}`, email: null };
    }
  }

  emails(req: IncomingMessage, res: ServerResponse) {
    const a = this.accountOf(req);
    if (!a) return void res.writeHead(401).end();
    const list = a.email ? [{ email: a.email, primary: true, verified: true, visibility: 'private' }] : [];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  }
}

function readAccount(req: IncomingMessage, kind: E2EProvider): ProviderAccount | null {
  const cookie = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${cookieName(kind)}=`));
  if (!cookie) return null;
  try {
    return JSON.parse(Buffer.from(cookie.slice(cookieName(kind).length + 1), 'base64url').toString()) as ProviderAccount;
  } catch {
    return null;
  }
}

/** Starts the provider on 127.0.0.1:`port`; resolves to its stop function. */
export async function startProvider(port: number): Promise<() => Promise<void>> {
  const played = new Map<string, PlayedProvider>();
  for (const kind of E2E_PROVIDERS) {
    const p = new PlayedProvider(kind, `http://127.0.0.1:${port}/${kind}`);
    await p.issuer.keys.generate('RS256');
    played.set(kind, p);
  }
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, kind, ...rest] = url.pathname.split('/');
    const p = played.get(kind);
    if (!p) return void res.writeHead(404).end();
    const path = `/${rest.join('/')}`;
    if (kind === 'github' && path === '/user/emails') return p.emails(req, res);
    req.url = `${path}${url.search}`;
    p.service.requestHandler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
