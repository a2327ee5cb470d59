import { useState, type FormEvent, type ReactNode } from 'react';
import { INVALID_URL_TEXT, isWebLink, LINK_TITLE_MAX, LINK_TITLE_TEXT, LINK_URL_MAX } from '@app/contract';
import { ApiError } from '../../shared/api/client';
import { formatDate } from '../../shared/lib/format';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { HiddenNotice } from '../../shared/ui/PageNotes';
import { LimitNote } from '../../shared/ui/LimitNote';
import { refuseOverLimit } from '../../shared/ui/text-limit';
import { useTextLimit, type TextLimit } from '../../shared/ui/useTextLimit';
import { failureText } from './api';
import { useAddLink, useLinks, useRemoveLink, type GroupLink } from './group-board-api';

interface LinksProps {
  groupId: number;
  /** the caller's user id: a writer deletes their own links */
  myId: number | undefined;
  /** the admin deletes any link */
  admin: boolean;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** 자료: links any member shares (title and an http(s) link), opened in a new tab; the writer or the admin deletes. */
export function Links({ groupId, myId, admin }: LinksProps) {
  const links = useLinks(groupId);
  const remove = useRemoveLink(groupId);
  const [error, setError] = useState<string | null>(null);

  const onDelete = (link: GroupLink) => {
    if (!confirm('자료를 삭제하시겠습니까?')) return;
    remove.mutate(link.linkId, {
      onSuccess: () => setError(null),
      onError: (e) => setError(failureText(e, '자료 삭제에 실패했습니다.')),
    });
  };

  return (
    <section className="card flex flex-col gap-3 p-3 sm:p-5" aria-labelledby="links-heading">
      <h2 id="links-heading" className="text-lg font-semibold">
        자료
      </h2>
      <LinkForm groupId={groupId} />
      {links.isError && (
        <p role="alert" className="flex items-center justify-between text-sm text-red-600">
          자료를 불러오지 못했습니다.
          <button type="button" className="btn-secondary px-2 py-1" onClick={() => void links.refetch()}>
            다시 시도
          </button>
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {links.data?.length === 0 && <p className="py-2 text-center text-sm text-gray-600">공유된 자료가 없습니다.</p>}
      <ul className="flex flex-col divide-y divide-gray-100">
        {links.data?.map((link) => (
          <li key={link.linkId} className="flex items-center gap-3 py-2.5" data-testid="link-item">
            <div className="flex min-w-0 flex-1 flex-col">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="truncate font-medium text-indigo-700 underline-offset-2 hover:underline"
              >
                {link.title}
              </a>
              <span className="truncate text-xs text-gray-600">
                {hostOf(link.url)} · {link.writerNickname} · {formatDate(link.createdDateTime)}
              </span>
              <HiddenNotice mark={link} what="자료" compact />
            </div>
            {(admin || link.writerId === myId) && (
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 py-1 text-red-600"
                aria-label={`${link.title} 삭제`}
                disabled={remove.isPending}
                onClick={() => onDelete(link)}
              >
                삭제
              </button>
            )}
            {myId !== undefined && link.writerId !== myId && (
              <ReportMenu label={`${link.title} 메뉴`} targetType="LINK" targetId={link.linkId} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type FieldErrors = { title?: string; url?: string; other?: string };

/** Title and link, each refusal under its own field (the texts of docs/api.md §9.3, checked here first and on the server). */
function LinkForm({ groupId }: { groupId: number }) {
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddLink(groupId);
  const titleLimit = useTextLimit('link-title', title, LINK_TITLE_MAX, LINK_TITLE_TEXT);
  // a link past the limit is refused whole, never stored shortened (a shorter link goes somewhere else)
  const urlLimit = useTextLimit('link-url', url, LINK_URL_MAX, INVALID_URL_TEXT);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([titleLimit, urlLimit])) return;
    const body = { title: title.trim(), url: url.trim() };
    if (!body.title) return setErrors({ title: LINK_TITLE_TEXT });
    if (!isWebLink(body.url)) return setErrors({ url: INVALID_URL_TEXT });
    add.mutate(body, {
      onSuccess: () => {
        setTitle('');
        setUrl('');
        setErrors({});
      },
      onError: (err) => {
        const text = failureText(err, '자료 등록에 실패했습니다.');
        const code = err instanceof ApiError ? err.code : null;
        setErrors(code === 'invalid_url' ? { url: text } : text === LINK_TITLE_TEXT ? { title: text } : { other: text });
      },
    });
  };

  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start" onSubmit={submit} noValidate>
      <FieldWithError id="link-title" label="자료 제목" error={errors.title} limit={titleLimit}>
        <input
          id="link-title"
          className="input w-full"
          value={title}
          placeholder="자료 제목"
          {...described(errors.title, titleLimit)}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && e.nativeEvent.isComposing && e.preventDefault()}
        />
      </FieldWithError>
      <FieldWithError id="link-url" label="링크" error={errors.url} limit={urlLimit} grow>
        <input
          id="link-url"
          className="input w-full"
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://"
          {...described(errors.url, urlLimit)}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FieldWithError>
      <button type="submit" className="btn-primary sm:mt-6" disabled={add.isPending}>
        추가
      </button>
      {errors.other && (
        <p role="alert" className="basis-full text-sm text-red-600">
          {errors.other}
        </p>
      )}
    </form>
  );
}

/** A field's aria: its limit's while past the limit (which then says the text), else the refusal of the last submit. */
const described = (error: string | undefined, limit: TextLimit) =>
  limit.over || !error
    ? limit.control
    : {
        'aria-invalid': true,
        'aria-describedby': [limit.control['aria-describedby'], `${limit.id}-error`].filter(Boolean).join(' '),
      };

function FieldWithError(props: {
  id: string;
  label: string;
  error?: string;
  limit: TextLimit;
  grow?: boolean;
  children: ReactNode;
}) {
  const { id, label, error, limit, grow, children } = props;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${grow ? 'sm:flex-[2]' : 'sm:flex-1'}`}>
      <label className="text-sm font-medium text-gray-700" htmlFor={id}>
        {label}
      </label>
      {children}
      <LimitNote limit={limit} />
      {error && !limit.over && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
