import type { AuditEntry, ModerationAction, Page, ReportQueueItem, ReportTargetType, SuspendBody } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { del, get, post } from '../../shared/api/client';
import { keys } from '../../shared/api/keys';

export type ReportStatus = 'OPEN' | 'RESOLVED';

export const adminApi = {
  reports: (status: ReportStatus, page: number) => get<Page<ReportQueueItem>>(`/admin/reports?status=${status}&page=${page}`),
  resolve: (targetType: ReportTargetType, targetId: number, body: { action: ModerationAction; note: string }) =>
    post<string>(`/admin/reports/${targetType}/${targetId}/resolve`, body),
  audit: (page: number) => get<Page<AuditEntry>>(`/admin/audit?page=${page}`),
  suspend: (userId: number, body: SuspendBody) => post<string>(`/admin/users/${userId}/suspend`, body),
  lift: (userId: number) => del<string>(`/admin/users/${userId}/suspend`),
  /** whose account a nickname names */
  lookup: (nickname: string) =>
    get<{ userId: number; nickname: string }>(`/users/lookup?nickname=${encodeURIComponent(nickname)}`),
};

/** The report queue; a 403 (not an operator) is an answer, not a failure to retry. */
export const useReportQueue = (status: ReportStatus, page: number) =>
  useQuery({
    queryKey: keys.admin.reports(status, page),
    queryFn: () => adminApi.reports(status, page),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useAuditLog = (page: number) =>
  useQuery({ queryKey: keys.admin.audit(page), queryFn: () => adminApi.audit(page), placeholderData: keepPreviousData });

/** Resolves a target; the queue (both tabs) and the audit log are read again. */
export function useResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { targetType: ReportTargetType; targetId: number; action: ModerationAction; note: string }) =>
      adminApi.resolve(v.targetType, v.targetId, { action: v.action, note: v.note }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.admin.all }),
  });
}
