import { SOCIAL_ACCOUNT_RECOVERY_TEXT } from '@app/contract';
import { Link, useLocation } from 'react-router';
import { RecoveryShell } from './RecoveryShell';
import { T } from './texts';

/** How the server names an account without a login id: `소셜 계정 (카카오)`. */
const isSocial = (entry: string) => entry.startsWith('소셜 계정');

/**
 * /find/login-ids-result: the masked ids passed by the find page; reached any other way it says so. An account
 * made with another sign-in is listed by its providers, with how to give it a login id.
 */
export default function FindLoginIdsResultPage() {
  const state = useLocation().state as { maskedLoginIds?: unknown } | null;
  const ids = Array.isArray(state?.maskedLoginIds)
    ? state.maskedLoginIds.filter((i): i is string => typeof i === 'string')
    : null;

  return (
    <RecoveryShell title="아이디 찾기 결과">
      {ids === null ? (
        <p className="py-6 text-center text-red-700" role="alert">
          {T.badAccess}
        </p>
      ) : ids.length === 0 ? (
        <p className="py-6 text-center text-gray-500">{T.noLoginIds}</p>
      ) : (
        <>
          <p className="mb-3 text-center text-sm text-gray-600">해당 이메일로 가입된 아이디입니다.</p>
          <ul className="flex flex-col gap-2" aria-label="찾은 아이디 목록">
            {ids.map((id, i) => (
              <li
                key={i}
                className={`rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-center text-base ${isSocial(id) ? '' : 'font-mono'}`}
              >
                {id}
              </li>
            ))}
          </ul>
          {ids.some(isSocial) && (
            <p className="mt-3 text-sm text-gray-600" data-testid="social-recovery-note">
              {SOCIAL_ACCOUNT_RECOVERY_TEXT}
            </p>
          )}
        </>
      )}
      <Link to="/login" className="btn-primary mt-6 w-full">
        로그인하러 가기
      </Link>
    </RecoveryShell>
  );
}
