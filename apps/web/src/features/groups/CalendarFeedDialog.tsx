import { useRef, useState } from 'react';
import { Modal } from '../../shared/ui/Modal';
import { failureText } from './api';
import { useCalendarFeed, useRenewCalendarFeed } from './calendar-feed-api';

const COPIED = '주소를 복사했습니다.';
const SELECTED = '주소를 선택했습니다. 길게 누르거나 Ctrl+C로 복사해주세요.';
const RENEW_CONFIRM = '새 주소를 발급하면 지금 주소는 더 이상 동작하지 않습니다. 새 주소를 발급하시겠습니까?';
const RENEWED = '새 주소를 발급했습니다. 캘린더 앱에 새 주소를 다시 추가해주세요.';

/** 캘린더 구독: my secret iCalendar address of the group, to copy into a calendar app, and a new one on demand. */
export function CalendarFeedDialog({ groupId, onClose }: { groupId: number; onClose(): void }) {
  const feed = useCalendarFeed(groupId);
  const renew = useRenewCalendarFeed(groupId);
  const field = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = feed.data?.url ?? '';

  // Without the clipboard API (an http page, an old browser) or when it is refused, the address is selected instead.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(COPIED);
    } catch {
      field.current?.focus();
      field.current?.setSelectionRange(0, url.length);
      setStatus(document.execCommand?.('copy') ? COPIED : SELECTED);
    }
  };

  const onRenew = () => {
    if (renew.isPending || !confirm(RENEW_CONFIRM)) return;
    setError(null);
    renew.mutate(undefined, {
      onSuccess: () => setStatus(RENEWED),
      onError: (e) => setError(failureText(e, '새 주소를 발급하지 못했습니다.')),
    });
  };

  return (
    <Modal title="캘린더 구독" onClose={onClose}>
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-gray-700">
          구글 캘린더, 애플 캘린더 등에 이 주소를 추가하면 그룹의 일정이 자동으로 보입니다. 캘린더 앱의 &lsquo;URL로 추가&rsquo;
          또는 &lsquo;구독&rsquo; 메뉴에 붙여 넣으세요.
        </p>
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800">
          이 주소는 나만을 위한 주소입니다. 주소를 아는 사람은 누구나 그룹 일정을 볼 수 있으니 다른 사람과 공유하지 마세요.
        </p>
        {feed.isError ? (
          <p role="alert" className="flex items-center justify-between gap-2 text-red-600">
            {failureText(feed.error, '캘린더 주소를 불러오지 못했습니다.')}
            <button type="button" className="btn-secondary min-h-11 shrink-0" onClick={() => void feed.refetch()}>
              다시 시도
            </button>
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <label htmlFor="calendar-feed-url" className="font-medium">
              구독 주소
            </label>
            <div className="flex gap-2">
              <input
                id="calendar-feed-url"
                ref={field}
                className="input min-h-11 min-w-0 flex-1 font-mono text-xs"
                readOnly
                value={feed.isPending ? '불러오는 중...' : url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="btn-primary min-h-11 shrink-0"
                disabled={!url || renew.isPending}
                onClick={() => void copy()}
              >
                복사
              </button>
            </div>
          </div>
        )}
        <p role="status" aria-live="polite" className="min-h-5 text-indigo-700">
          {status}
        </p>
        {error && (
          <p role="alert" className="text-red-600">
            {error}
          </p>
        )}
        <div className="flex flex-col gap-1 border-t border-gray-100 pt-4">
          <button
            type="button"
            className="btn-secondary min-h-11 self-start"
            disabled={!url || renew.isPending}
            onClick={onRenew}
          >
            새 주소 발급
          </button>
          <p className="text-xs text-gray-600">주소가 알려졌다면 새 주소를 발급하세요. 지금 주소는 바로 동작하지 않게 됩니다.</p>
        </div>
      </div>
    </Modal>
  );
}
