import { NEGATIVE_TAG, NEGATIVE_TAG_MIN_REVIEWERS, REVIEW_TAG_LABELS, REVIEW_TAGS } from '@app/contract';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { useMe } from '../../shared/auth/useMe';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { LoadError } from '../../shared/ui/LoadError';
import { useNicknameLookup, useRecord, type UserRecord } from './api';
import { PageLoading } from '../../shared/ui/PageLoading';

const notFound = (
  <div className="page py-24 text-center" data-testid="user-not-found">
    <p className="text-gray-600">찾을 수 없는 사용자입니다. 탈퇴했거나 없는 사용자예요.</p>
    <Link to="/" className="btn-primary mt-6">
      홈으로
    </Link>
  </div>
);

/** The nickname the link that opened the page knew (the record itself carries none). */
const nicknameFrom = (state: unknown) =>
  typeof (state as { nickname?: unknown } | null)?.nickname === 'string' ? (state as { nickname: string }).nickname : null;

/**
 * /users/{userId}: a person's public record (docs/api.md §10.2): groups joined, completed with them, left early,
 * and the tags teammates gave, with what each number means. Nothing yet reads as a welcome, not as zeros; a
 * withdrawn or unknown user is not found.
 */
export default function UserPage() {
  const params = useParams();
  // /users/by-nickname/{nickname}: a post's author, known by nickname only
  const lookup = useNicknameLookup(params.nickname);
  const userId = params.userId ?? (lookup.data ? String(lookup.data.userId) : '');
  const linked = nicknameFrom(useLocation().state);
  const nickname = lookup.data?.nickname ?? linked;
  const record = useRecord(userId, userId !== '');
  const title = nickname ? `${nickname}님의 팀 기록` : '팀 기록';
  const me = useMe();

  if (lookup.isError) return notFound;
  if (record.isPending) return <PageLoading />;
  if (record.isError) {
    const e = record.error;
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return notFound;
    return (
      <div className="page">
        <LoadError onRetry={() => void record.refetch()} />
      </div>
    );
  }

  return (
    <div className="page flex max-w-2xl flex-col gap-5">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {me && String(me.id) !== userId && <ReportMenu label="사용자 메뉴" targetType="USER" targetId={Number(userId)} />}
      </div>
      <RecordCard record={record.data} />
    </div>
  );
}

function RecordCard({ record }: { record: UserRecord }) {
  if (record.joined === 0 && record.leftEarly === 0)
    return (
      <div className="card flex flex-col items-center gap-2 p-8 text-center" data-testid="record-empty">
        <p className="text-lg font-semibold">아직 함께한 프로젝트가 없어요</p>
        <p className="text-sm text-gray-600">첫 팀을 찾고 있는 중이에요. 함께한 그룹이 생기면 이곳에 기록이 쌓입니다.</p>
      </div>
    );

  const tags = REVIEW_TAGS.map((t) => [t, record.tags[t] ?? 0] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => Number(a[0] === NEGATIVE_TAG) - Number(b[0] === NEGATIVE_TAG) || b[1] - a[1]);

  return (
    <>
      <dl className="grid grid-cols-3 gap-3" data-testid="record">
        <Count label="참여" value={record.joined} />
        <Count label="완료" value={record.completed} />
        <Count label="중도 이탈" value={record.leftEarly} warn={record.leftEarly > 0} />
      </dl>
      <ul className="flex flex-col gap-1 text-sm text-gray-600">
        <li>참여: 팀원으로 함께한 그룹 수예요. 직접 만든 그룹도 셉니다.</li>
        <li>완료: 함께하는 동안 프로젝트나 스터디를 끝까지 마친 그룹이에요.</li>
        <li>중도 이탈: 완료 전에 탈퇴했거나 추방된 그룹이에요. 완료 후에 나간 것은 세지 않아요.</li>
      </ul>
      <section className="card flex flex-col gap-3 p-4" aria-labelledby="tags-heading">
        <h2 id="tags-heading" className="font-semibold">
          팀원들이 남긴 평가
        </h2>
        {tags.length === 0 ? (
          <p className="text-sm text-gray-600">아직 공개된 평가가 없어요.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="record-tags">
            {tags.map(([t, n]) => (
              <li
                key={t}
                className={`rounded-full px-3 py-1 text-sm ${t === NEGATIVE_TAG ? 'bg-red-100 text-red-800' : 'bg-indigo-50 text-indigo-800'}`}
              >
                {REVIEW_TAG_LABELS[t]} <span className="font-semibold">{n}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-gray-600">
          서로 평가를 마쳤거나 평가 기간이 끝나 공개된 평가만 셉니다. 중도 이탈은 {NEGATIVE_TAG_MIN_REVIEWERS}명 이상의 팀원이
          남겼을 때만 표시돼요. 코멘트는 공개되지 않아요.
        </p>
      </section>
    </>
  );
}

function Count({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <div className="card flex flex-col items-center gap-1 p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className={`text-2xl font-bold tabular-nums ${warn ? 'text-red-700' : ''}`}>{value}</dd>
    </div>
  );
}
