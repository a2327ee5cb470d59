import type { IdentitiesResponse, OAuthExchangeResponse, OAuthProvider } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import type { ExchangeResult, MyIdentities } from './service.js';

export function presentExchange(r: ExchangeResult): OAuthExchangeResponse {
  return r.kind === 'signedIn'
    ? { token: r.token, nickname: r.nickname, from: r.from }
    : { signupToken: r.signupToken, suggested: r.suggested };
}

export function presentIdentities(r: MyIdentities): IdentitiesResponse {
  return {
    hasPassword: r.hasPassword,
    identities: r.identities.map((i) => ({ provider: i.provider as OAuthProvider, linkedDateTime: seoulDateTime(i.linkedAt) })),
  };
}
