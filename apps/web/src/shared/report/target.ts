import type { ReportTargetType } from '@app/contract';

/** What a 신고 is about. */
export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: number;
}
