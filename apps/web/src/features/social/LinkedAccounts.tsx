import { OAUTH_LINK_TEXTS, OAUTH_PROVIDER_LABELS, OAUTH_PROVIDERS, oauthText, type OAuthProvider } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorText, sessionExpired } from '../../shared/api/client';
import { formatDate } from '../../shared/lib/format';
import { LoadError } from '../../shared/ui/LoadError';
import { SkeletonRows } from '../../shared/ui/Skeleton';
import { socialApi, useIdentities, useProviders, useUnlink } from './api';
import { ProviderMark } from './ProviderMark';

const MARK_BG: Record<OAuthProvider, string> = {
  kakao: 'bg-[#FEE500]',
  naver: 'bg-[#03C75A]',
  github: 'bg-[#24292f] text-white',
  google: 'border border-gray-300 bg-white',
};

type Note = { ok: boolean; text: string };

/**
 * What a link flow came back with (`?linked={p}` or `?linkError={code}&provider={p}`), read once: the parameters
 * are then taken out of the address, so a reload or a way back does not say it again.
 */
function useLinkResult(): Note | null {
  const [params, setParams] = useSearchParams();
  const [note] = useState<Note | null>(() => {
    const linked = params.get('linked');
    const error = params.get('linkError');
    if (linked !== null) return { ok: true, text: oauthText(OAUTH_LINK_TEXTS.linked, linked) };
    if (error === null) return null;
    const template =
      error !== 'linked' && Object.hasOwn(OAUTH_LINK_TEXTS, error)
        ? OAUTH_LINK_TEXTS[error as keyof typeof OAUTH_LINK_TEXTS]
        : OAUTH_LINK_TEXTS.failed;
    return { ok: false, text: oauthText(template, params.get('provider')) };
  });
  const cleared = useRef(false);
  useEffect(() => {
    if (!note || cleared.current) return;
    cleared.current = true;
    setParams(
      (p) => {
        for (const k of ['linked', 'linkError', 'provider']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [note, setParams]);
  return note;
}

/**
 * 연결된 계정 on /myinfo: each configured provider (and any linked one no longer offered) with 연결하기 or 연결 해제,
 * then `setPassword` (비밀번호 설정, composed in app/) for an account that signs in only with its linked accounts.
 */
export function LinkedAccounts({ setPassword }: { setPassword?: ReactNode }) {
  const providers = useProviders();
  const identities = useIdentities();
  const unlink = useUnlink();
  const link = useMutation({ mutationFn: socialApi.link });
  const linkResult = useLinkResult();
  const [note, setNote] = useState<Note | null>(null);
  const shown = note ?? linkResult;

  const linked = new Map(identities.data?.identities.map((i) => [i.provider, i.linkedDateTime]));
  const offered = OAUTH_PROVIDERS.filter((p) => providers.data?.includes(p) || linked.has(p));

  const startLink = (p: OAuthProvider) => {
    setNote(null);
    link.mutate(p, {
      onSuccess: ({ url }) => location.assign(url),
      onError: (e) => !sessionExpired(e) && setNote({ ok: false, text: oauthText(OAUTH_LINK_TEXTS.failed, p) }),
    });
  };
  const stopLink = (p: OAuthProvider) => {
    if (!confirm(`${OAUTH_PROVIDER_LABELS[p]} 계정 연결을 해제하시겠습니까?`)) return;
    setNote(null);
    unlink.mutate(p, {
      onSuccess: (text) => setNote({ ok: true, text }),
      onError: (e) => !sessionExpired(e) && setNote({ ok: false, text: errorText(e) }),
    });
  };

  if (!identities.data?.identities.length && providers.data?.length === 0) return null;
  return (
    <section className="card flex flex-col gap-4 p-6" aria-labelledby="linked-accounts-heading" data-testid="linked-accounts">
      <h2 id="linked-accounts-heading" className="text-lg font-bold">
        연결된 계정
      </h2>
      <p className="text-sm text-gray-600">연결한 계정으로도 로그인할 수 있습니다.</p>
      {shown && (
        <p
          className={`rounded-md px-3 py-2 text-sm ${shown.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
          role={shown.ok ? 'status' : 'alert'}
          data-testid="linked-accounts-note"
        >
          {shown.text}
        </p>
      )}
      {(identities.isPending || providers.isPending) && <SkeletonRows rows={2} />}
      {identities.isError && <LoadError onRetry={() => void identities.refetch()} text="연결된 계정을 불러오지 못했습니다." />}
      {identities.data && (
        <ul className="divide-y divide-gray-100">
          {offered.map((p) => {
            const since = linked.get(p);
            const label = OAUTH_PROVIDER_LABELS[p];
            return (
              <li key={p} className="flex items-center gap-3 py-3" data-testid={`identity-${p}`}>
                <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${MARK_BG[p]}`}>
                  <ProviderMark provider={p} className="h-5 w-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{label}</p>
                  <p className="text-xs text-gray-600">{since ? `${formatDate(since)} 연결됨` : '연결되지 않음'}</p>
                </div>
                {since ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-label={`${label} 연결 해제`}
                    disabled={unlink.isPending}
                    onClick={() => stopLink(p)}
                  >
                    연결 해제
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-primary"
                    aria-label={`${label} 연결하기`}
                    disabled={link.isPending}
                    onClick={() => startLink(p)}
                  >
                    연결하기
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {identities.data && !identities.data.hasPassword && setPassword}
    </section>
  );
}
