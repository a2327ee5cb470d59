import { SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX, SUSPENSION_TEXTS } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorText, sessionExpired } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';
import { LimitNote } from '../../shared/ui/LimitNote';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { adminApi } from './api';
import { suspensionEnd } from './labels';

export interface SuspendTarget {
  userId: number;
  nickname: string | null;
}

const DAY_CHOICES = [1, 3, 7, 30];

/** The person a nickname names (the given target when it is the same nickname); null when nobody has it. */
async function personOf(nickname: string, given: SuspendTarget | null): Promise<number | null> {
  if (given && given.nickname === nickname) return given.userId;
  try {
    return (await adminApi.lookup(nickname)).userId;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/**
 * 이용 정지: a person (by nickname, or the author picked in the queue) for a number of days with a reason, and
 * 정지 해제. After a suspension it says until when and why, as the person will read it.
 */
export function Suspensions({ initial, onDone }: { initial: SuspendTarget | null; onDone(text: string): void }) {
  const client = useQueryClient();
  const [nickname, setNickname] = useState(initial?.nickname ?? '');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const limit = useTextLimit(useId(), reason, SUSPENSION_REASON_MAX, SUSPENSION_TEXTS.reasonTooLong);
  const ids = { nickname: useId(), days: useId() };
  const act = useMutation({
    mutationFn: async ({ lift }: { lift: boolean }) => {
      const userId = await personOf(nickname.trim(), initial);
      if (userId === null) throw new ApiError(404, 'not_found', SUSPENSION_TEXTS.userNotFound);
      if (lift) return adminApi.lift(userId);
      const text = await adminApi.suspend(userId, { days: Number(days), reason: reason.trim() });
      return `${text} ${nickname.trim()}님: ${suspensionEnd(Number(days), new Date())}까지, 사유: ${reason.trim()}`;
    },
    onSuccess: (text) => {
      setProblem('');
      onDone(text);
      return client.invalidateQueries({ queryKey: keys.admin.all });
    },
    onError: (err) => !sessionExpired(err) && setProblem(errorText(err)),
  });

  const whole = /^\d{1,4}$/.test(days.trim()) && Number(days) >= 1 && Number(days) <= SUSPENSION_DAYS_MAX;

  const suspend = (e: FormEvent) => {
    e.preventDefault();
    if (act.isPending) return;
    if (!nickname.trim()) return setProblem(SUSPENSION_TEXTS.userNotFound);
    if (!whole) return setProblem(SUSPENSION_TEXTS.days);
    if (!reason.trim()) return setProblem(SUSPENSION_TEXTS.reason);
    if (limit.over) return document.getElementById(limit.id)?.focus();
    const end = suspensionEnd(Number(days), new Date());
    if (!confirm(`${nickname.trim()}님의 이용을 ${end}까지 정지하시겠습니까? 바로 로그아웃되고 그때까지 로그인할 수 없습니다.`))
      return;
    act.mutate({ lift: false });
  };

  const lift = () => {
    if (act.isPending) return;
    if (!nickname.trim()) return setProblem(SUSPENSION_TEXTS.userNotFound);
    if (!confirm(`${nickname.trim()}님의 이용 정지를 해제하시겠습니까?`)) return;
    act.mutate({ lift: true });
  };

  return (
    <form onSubmit={suspend} className="card flex flex-col gap-4 p-4 sm:p-6" noValidate data-testid="suspend-form">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.nickname} className="text-sm font-medium">
          닉네임
        </label>
        <input id={ids.nickname} className="input min-h-11" value={nickname} onChange={(e) => setNickname(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.days} className="text-sm font-medium">
          정지 기간 (일)
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={ids.days}
            className="input min-h-11 w-24"
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
          {DAY_CHOICES.map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={days === String(d)}
              className={`min-h-11 rounded-full px-4 text-sm ${days === String(d) ? 'bg-indigo-600 text-white' : 'bg-white ring-1 ring-gray-300'}`}
              onClick={() => setDays(String(d))}
            >
              {d}일
            </button>
          ))}
        </div>
        {whole && <p className="text-xs text-gray-500">{suspensionEnd(Number(days), new Date())}까지</p>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={limit.id} className="text-sm font-medium">
          정지 사유
        </label>
        <textarea
          id={limit.id}
          className="input min-h-20"
          placeholder="정지된 사람에게 그대로 보입니다."
          value={reason}
          {...limit.control}
          onChange={(e) => setReason(e.target.value)}
        />
        <LimitNote limit={limit} />
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex gap-2">
        <button type="button" className="btn-secondary min-h-11 flex-1" disabled={act.isPending} onClick={lift}>
          정지 해제
        </button>
        <button type="submit" className="btn-danger min-h-11 flex-1" disabled={act.isPending}>
          이용 정지
        </button>
      </div>
    </form>
  );
}
