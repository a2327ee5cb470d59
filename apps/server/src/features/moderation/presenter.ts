import { REPORT_REASONS, WITHDRAWN_NAME, type AuditEntry, type ReportQueueItem, type ReportReason } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';
import type { AuditRow } from './queries.js';
import type { QueueItem } from './service.js';

export function presentQueueItem(item: QueueItem): ReportQueueItem {
  const reasons = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
  for (const r of item.reports) reasons[r.reason] += 1;
  const t = item.target;
  return {
    targetType: item.targetType,
    targetId: item.targetId,
    reportCount: item.reports.length,
    reasons,
    lastReportedDateTime: seoulDateTime(item.lastReportedAt),
    target: {
      exists: t !== undefined,
      authorId: t?.author_id ?? null,
      authorNickname: t ? (t.author_nickname ?? WITHDRAWN_NAME) : null,
      title: t?.title ?? null,
      text: t?.text ?? null,
      context: t?.context ?? null,
      hidden: t ? t.hidden_at !== null : false,
      hiddenReason: t?.hidden_reason ?? null,
    },
    reports: item.reports.map((r) => ({
      reportId: r.id,
      reporterId: r.reporter_id,
      reporterNickname: r.reporter_nickname ?? WITHDRAWN_NAME,
      reason: r.reason,
      detail: r.detail,
      createdDateTime: seoulDateTime(new Date(r.created_at)),
    })),
  };
}

export const presentAuditEntry = (r: AuditRow): AuditEntry => ({
  auditId: r.id,
  action: r.action,
  operatorId: r.operator_id,
  operatorNickname: r.operator_id === null ? null : (r.operator_nickname ?? WITHDRAWN_NAME),
  targetType: r.target_type,
  targetId: r.target_id,
  note: r.note,
  createdDateTime: seoulDateTime(new Date(r.created_at)),
});
