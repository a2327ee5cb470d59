import { lazy, Suspense, useState } from 'react';
import { ActionMenu, type MenuAction } from '../ui/ActionMenu';
import type { ReportTarget } from './target';

const ReportDialog = lazy(() => import('./ReportDialog'));

/** The 신고 dialog of one target, loaded when first opened: `open()` shows it, `dialog` renders it. */
export function useReport(target: ReportTarget) {
  const [open, setOpen] = useState(false);
  const dialog = open && (
    <Suspense fallback={null}>
      <ReportDialog target={target} onClose={() => setOpen(false)} />
    </Suspense>
  );
  const action: MenuAction = { label: '신고', onSelect: () => setOpen(true) };
  return { open: () => setOpen(true), action, dialog };
}

/** A ⋮ menu whose last item is 신고 (after the owner's `actions`, if any). */
export function ReportMenu({ label, actions = [], ...target }: ReportTarget & { label: string; actions?: MenuAction[] }) {
  const report = useReport(target);
  return (
    <>
      <ActionMenu label={label} actions={[...actions, report.action]} touch />
      {report.dialog}
    </>
  );
}

/** A small 신고 text action, for rows whose other actions are text too (a reply's 답글 · 수정 · 삭제). */
export function ReportText({ label, ...target }: ReportTarget & { label: string }) {
  const report = useReport(target);
  return (
    <>
      <button type="button" aria-label={label} className="-my-2 px-1 py-2 text-gray-500 hover:text-red-600" onClick={report.open}>
        신고
      </button>
      {report.dialog}
    </>
  );
}
