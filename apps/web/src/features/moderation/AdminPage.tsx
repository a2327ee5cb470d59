import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportStatus } from './api';
import { AuditLog } from './AuditLog';
import { ReportQueue } from './ReportQueue';
import { Suspensions, type SuspendTarget } from './Suspensions';

type Tab = 'reports' | 'suspensions' | 'audit';
const TABS: Array<[Tab, string]> = [
  ['reports', '신고'],
  ['suspensions', '이용 정지'],
  ['audit', '처리 기록'],
];
const STATUSES: Array<[ReportStatus, string]> = [
  ['OPEN', '처리 대기'],
  ['RESOLVED', '처리 완료'],
];

/**
 * /admin, for operators (the route checks; the server checks every call): the report queue, suspensions and the
 * audit log. Where the operator is (tab, status, page) is kept in the URL.
 */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const [done, setDone] = useState('');
  const [suspendTarget, setSuspendTarget] = useState<SuspendTarget | null>(null);
  const tab: Tab = TABS.some(([t]) => t === params.get('tab')) ? (params.get('tab') as Tab) : 'reports';
  const status: ReportStatus = params.get('status') === 'RESOLVED' ? 'RESOLVED' : 'OPEN';
  const page = Math.max(0, Math.floor(Number(params.get('page'))) || 0);

  const go = (next: { tab?: Tab; status?: ReportStatus; page?: number }) => {
    const updated = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'reports') updated.set('tab', t);
    const s = next.status ?? (next.tab ? 'OPEN' : status);
    if (t === 'reports' && s !== 'OPEN') updated.set('status', s);
    if (next.page) updated.set('page', String(next.page));
    setParams(updated);
  };
  const say = (text: string) => setDone(text);

  return (
    <div className="page flex max-w-4xl flex-col gap-4">
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold">운영 관리</h1>
      <nav className="flex gap-1 border-b border-gray-200" aria-label="운영 메뉴">
        {TABS.map(([t, label]) => (
          <button
            key={t}
            type="button"
            aria-current={t === tab ? 'page' : undefined}
            className={`min-h-11 flex-1 border-b-2 px-3 text-sm font-medium sm:flex-none ${t === tab ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-gray-600'}`}
            onClick={() => {
              setDone('');
              go({ tab: t });
            }}
          >
            {label}
          </button>
        ))}
      </nav>
      {done && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="admin-done">
          {done}
        </p>
      )}
      {tab === 'reports' && (
        <>
          <div className="flex gap-2" role="group" aria-label="신고 상태">
            {STATUSES.map(([s, label]) => (
              <button
                key={s}
                type="button"
                aria-pressed={s === status}
                className={`min-h-11 rounded-full px-4 text-sm ${s === status ? 'bg-indigo-600 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-300'}`}
                onClick={() => go({ status: s })}
              >
                {label}
              </button>
            ))}
          </div>
          <ReportQueue
            status={status}
            page={page}
            onPage={(p) => go({ page: p })}
            onDone={say}
            onSuspend={(user) => {
              setDone('');
              setSuspendTarget(user);
              go({ tab: 'suspensions' });
            }}
          />
        </>
      )}
      {tab === 'suspensions' && <Suspensions initial={suspendTarget} onDone={say} />}
      {tab === 'audit' && <AuditLog page={page} onPage={(p) => go({ page: p })} />}
    </div>
  );
}
