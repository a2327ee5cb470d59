import {
  NEGATIVE_TAG,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_TEXT,
  REVIEW_TAG_LABELS,
  REVIEW_TAGS,
  REVIEW_TAGS_MAX,
  REVIEW_TAGS_TEXT,
  type ReviewTag,
} from '@app/contract';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { formatDate, formatDateTime } from '../../shared/lib/format';
import { useNow } from '../../shared/lib/now';
import { LimitNote } from '../../shared/ui/LimitNote';
import { refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { failureText } from './api';
import { GroupLoadError } from './GroupLoadError';
import { windowOpen, WindowDday } from './ReviewWindow';
import { MyShowcaseConsent } from './ShowcaseSwitches';
import { useReviews, useShowcaseState, useWriteReview, type Review } from './teams-api';
import { PageLoading } from '../../shared/ui/PageLoading';

const POSITIVE_TAGS = REVIEW_TAGS.filter((t) => t !== NEGATIVE_TAG);
// the server's text for the same refusal
const DROPPED_OUT_NEEDS_COMMENT = '중도 이탈을 선택할 때는 코멘트를 남겨주세요.';

/**
 * /groups/{groupId}/reviews: 팀원 평가 of a completed group. The teammates still to review (tags as chips, an
 * optional comment; 중도 이탈 only with one), the window's end as a D-day, whom I have reviewed, and what I have
 * received once it is revealed (docs/api.md §10.2: when the reviewer has my review too, or the window has closed).
 */
export default function ReviewsPage() {
  const { groupId = '' } = useParams();
  const reviews = useReviews(groupId);
  const now = useNow();

  if (reviews.isPending) return <PageLoading />;
  if (reviews.isError) {
    const e = reviews.error;
    if (e instanceof ApiError && e.code === 'group_not_completed')
      return (
        <div className="page">
          <div role="alert" className="card mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
            <p className="font-semibold">{e.message}</p>
            <p className="text-sm text-gray-600">그룹이 완료되면 함께한 팀원을 평가할 수 있어요.</p>
            <Link to={`/groups/${groupId}`} className="btn-secondary">
              그룹으로 돌아가기
            </Link>
          </div>
        </div>
      );
    return <ReviewsRefused groupId={Number(groupId)} error={e} onRetry={() => void reviews.refetch()} />;
  }

  const r = reviews.data;
  const open = windowOpen(r.windowEndsDateTime, now);

  return (
    <div className="page flex max-w-2xl flex-col gap-5">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">팀원 평가</h1>
        <Link to={`/groups/${groupId}`} className="btn-secondary">
          그룹으로
        </Link>
      </div>
      <div className="card flex flex-col gap-2 p-4 text-sm text-gray-700" data-testid="review-window">
        <p className="flex flex-wrap items-center gap-2">
          <WindowDday end={r.windowEndsDateTime} />
          {open
            ? `${formatDateTime(r.windowEndsDateTime)}까지 평가할 수 있어요.`
            : `평가 기간이 ${formatDateTime(r.windowEndsDateTime)}에 끝났습니다.`}
        </p>
        <p>
          내가 받은 평가는 상대도 나를 평가하거나 평가 기간이 끝나면 공개됩니다. 그 전에는 나도, 다른 누구도 볼 수 없어요.
          코멘트는 평가받은 사람에게만 보이고 어디에도 공개되지 않습니다.
        </p>
      </div>

      <section className="flex flex-col gap-3" aria-labelledby="to-write-heading">
        <h2 id="to-write-heading" className="text-lg font-semibold">
          평가할 팀원
        </h2>
        {r.toWrite.length === 0 ? (
          <p className="card p-4 text-sm text-gray-600">
            {r.written.length > 0 ? '모든 팀원을 평가했어요. 고마워요!' : '평가할 팀원이 없어요.'}
          </p>
        ) : !open ? (
          <p className="card p-4 text-sm text-gray-600">평가 기간이 끝나 더 이상 평가를 남길 수 없어요.</p>
        ) : (
          r.toWrite.map((p) => <ReviewForm key={p.userId} groupId={Number(groupId)} person={p} />)
        )}
      </section>

      <section className="flex flex-col gap-2" aria-labelledby="written-heading">
        <h2 id="written-heading" className="text-lg font-semibold">
          내가 남긴 평가
        </h2>
        {r.written.length === 0 ? (
          <p className="text-sm text-gray-600">아직 남긴 평가가 없어요.</p>
        ) : (
          <ul className="card divide-y divide-gray-100" data-testid="written">
            {r.written.map((p) => (
              <li key={p.userId} className="flex items-center justify-between px-4 py-2.5">
                <span className="font-medium">{p.nickname}</span>
                <span className="text-xs text-green-700">평가 완료</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="flex flex-col gap-2" aria-labelledby="received-heading">
        <h2 id="received-heading" className="text-lg font-semibold">
          내가 받은 평가
        </h2>
        {r.received.length === 0 ? (
          <p className="card p-4 text-sm text-gray-600" data-testid="received-empty">
            아직 공개된 평가가 없어요. 나를 평가한 팀원을 나도 평가하면 그 평가가 바로 보여요.
          </p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="received">
            {r.received.map((review) => (
              <ReceivedReview key={review.reviewId} review={review} />
            ))}
          </ul>
        )}
      </section>

      <MyShowcaseConsent groupId={Number(groupId)} />
    </div>
  );
}

/**
 * The reviews refused. A member at completion who has left is refused once the window has closed, yet keeps
 * their showcase consent for good: they get the switch here, as the group page is closed to them.
 */
function ReviewsRefused({ groupId, error, onRetry }: { groupId: number; error: unknown; onRetry(): void }) {
  const state = useShowcaseState(groupId);
  const left = error instanceof ApiError && error.code === 'not_group_member' && state.data?.consent != null;
  if (state.isPending) return <PageLoading />;
  if (!left) return <GroupLoadError error={error} onRetry={onRetry} />;
  return (
    <div className="page flex max-w-2xl flex-col gap-5">
      <h1 className="text-2xl font-bold">팀원 평가</h1>
      <p className="card p-4 text-sm text-gray-600" data-testid="reviews-closed">
        그룹을 떠났고 평가 기간도 끝나 팀원 평가는 더 볼 수 없어요. 쇼케이스에 내 닉네임을 표시할지는 언제든 바꿀 수 있어요.
      </p>
      <MyShowcaseConsent groupId={groupId} />
    </div>
  );
}

function ReceivedReview({ review }: { review: Review }) {
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="received-review">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{review.reviewerNickname}</span>
        <span className="text-xs text-gray-600">{formatDate(review.createdDateTime)}</span>
      </div>
      <TagList tags={review.tags} />
      {review.comment && <p className="whitespace-pre-wrap break-words text-sm text-gray-800">{review.comment}</p>}
    </li>
  );
}

function TagList({ tags }: { tags: ReviewTag[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((t) => (
        <li
          key={t}
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
            t === NEGATIVE_TAG ? 'bg-red-100 text-red-800' : 'bg-indigo-50 text-indigo-800'
          }`}
        >
          {REVIEW_TAG_LABELS[t]}
        </li>
      ))}
    </ul>
  );
}

type Errors = { tags?: string; comment?: string; other?: string };

/** One teammate's review: 1–5 tags as chips, an optional comment (required with 중도 이탈); kept on a refusal. */
function ReviewForm({ groupId, person }: { groupId: number; person: { userId: number; nickname: string } }) {
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const write = useWriteReview(groupId);
  const id = `review-${person.userId}`;
  const commentLimit = useTextLimit(`${id}-comment`, comment, REVIEW_COMMENT_MAX, REVIEW_COMMENT_TEXT);
  const dropped = tags.includes(NEGATIVE_TAG);

  const toggle = (tag: ReviewTag) => {
    setErrors({});
    setTags((now) => (now.includes(tag) ? now.filter((t) => t !== tag) : now.length < REVIEW_TAGS_MAX ? [...now, tag] : now));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([commentLimit])) return;
    if (tags.length === 0) return setErrors({ tags: REVIEW_TAGS_TEXT });
    if (dropped && !comment.trim()) {
      document.getElementById(`${id}-comment`)?.focus();
      return setErrors({ comment: DROPPED_OUT_NEEDS_COMMENT });
    }
    if (!confirm(`${person.nickname}님에 대한 평가를 남길까요? 남긴 평가는 고칠 수 없어요.`)) return;
    write.mutate(
      { revieweeId: person.userId, tags, comment: comment.trim() || null },
      {
        onError: (err) => {
          const text = failureText(err, '평가를 남기지 못했습니다.');
          setErrors(
            text === REVIEW_TAGS_TEXT
              ? { tags: text }
              : text === REVIEW_COMMENT_TEXT || /코멘트/.test(text)
                ? { comment: text }
                : { other: text },
          );
        },
      },
    );
  };

  const chip = (tag: ReviewTag) => {
    const on = tags.includes(tag);
    const negative = tag === NEGATIVE_TAG;
    const full = !on && tags.length >= REVIEW_TAGS_MAX;
    return (
      <button
        key={tag}
        type="button"
        aria-pressed={on}
        disabled={full}
        onClick={() => toggle(tag)}
        className={`min-h-9 rounded-full border px-3 py-1 text-sm font-medium transition-colors disabled:opacity-40 ${
          negative
            ? on
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-dashed border-red-400 bg-white text-red-700'
            : on
              ? 'border-indigo-600 bg-indigo-600 text-white'
              : 'border-gray-300 bg-white text-gray-700 hover:border-indigo-400'
        }`}
      >
        {REVIEW_TAG_LABELS[tag]}
      </button>
    );
  };

  return (
    <form
      className="card flex flex-col gap-3 p-4"
      onSubmit={submit}
      noValidate
      aria-label={`${person.nickname} 평가`}
      data-testid="review-form"
    >
      <h3 className="font-semibold">{person.nickname}</h3>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.tags ? `${id}-tags-error` : undefined}>
        <legend className="mb-1 text-sm text-gray-700">
          어떤 팀원이었나요? (1~{REVIEW_TAGS_MAX}개, {tags.length}개 선택)
        </legend>
        <div className="flex flex-wrap gap-2">{POSITIVE_TAGS.map(chip)}</div>
        <div className="flex flex-wrap items-center gap-2 border-t border-dashed border-gray-200 pt-2">
          {chip(NEGATIVE_TAG)}
          <span className="text-xs text-gray-600">연락이 끊기거나 중간에 빠졌다면, 코멘트와 함께 남겨주세요.</span>
        </div>
        {errors.tags && (
          <p id={`${id}-tags-error`} role="alert" className="text-sm text-red-600">
            {errors.tags}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium text-gray-700" htmlFor={`${id}-comment`}>
          {dropped ? '코멘트 (중도 이탈은 필수)' : '코멘트 (선택)'}
        </label>
        <textarea
          id={`${id}-comment`}
          className="input h-24 resize-y"
          value={comment}
          placeholder="함께하며 고마웠던 점이나 아쉬웠던 점. 평가받는 팀원에게만 보여요."
          {...commentLimit.control}
          {...(errors.comment && !commentLimit.over && { 'aria-invalid': true })}
          onChange={(e) => setComment(e.target.value)}
        />
        <LimitNote limit={commentLimit} />
        {errors.comment && !commentLimit.over && (
          <p role="alert" className="text-sm text-red-600">
            {errors.comment}
          </p>
        )}
      </div>
      {errors.other && (
        <p role="alert" className="text-sm text-red-600">
          {errors.other}
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={write.isPending}>
          평가 남기기
        </button>
      </div>
    </form>
  );
}
