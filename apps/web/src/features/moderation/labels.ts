import type { ModerationAction, ReportQueueItem, ReportTargetType } from '@app/contract';

/** What each kind of target is called on the page. */
export const TARGET_LABELS: Record<ReportTargetType, string> = {
  POST: '공고',
  BOARD: '게시글',
  REPLY: '댓글',
  MESSAGE: '쪽지',
  USER: '사용자',
  LINK: '자료',
  NOTICE: '공지',
};

export const ACTION_LABELS: Record<string, string> = {
  DISMISS: '기각',
  HIDE: '숨김',
  RESTORE: '복원',
  GRANT: '운영자 지정',
  REVOKE: '운영자 해제',
  SUSPEND: '이용 정지',
  UNSUSPEND: '정지 해제',
  LIFT: '정지 해제',
};

/** What the confirm says each action does. */
export const ACTION_EFFECTS: Record<ModerationAction, string> = {
  HIDE: '작성자와 운영자 외에는 볼 수 없게 됩니다. 작성자에게는 처리 메모가 숨김 사유로 보입니다.',
  RESTORE: '다시 모든 사람에게 보입니다.',
  DISMISS: '신고를 기각합니다. 대상은 그대로 둡니다.',
};

const HIDEABLE: ReadonlySet<ReportTargetType> = new Set(['POST', 'BOARD', 'REPLY', 'LINK', 'NOTICE']);

/**
 * The actions an operator may take on a queue item: a target that still exists can be hidden or restored (by its
 * state; a 쪽지 or a person never), and open reports can be dismissed.
 */
export function actionsFor(item: Pick<ReportQueueItem, 'targetType' | 'target'>, open: boolean): ModerationAction[] {
  const actions: ModerationAction[] = [];
  if (item.target.exists && HIDEABLE.has(item.targetType)) actions.push(item.target.hidden ? 'RESTORE' : 'HIDE');
  if (open) actions.push('DISMISS');
  return actions;
}

/** `스팸·광고 2 · 기타 1`, most given first; reasons nobody gave are left out. */
export function reasonSummary(reasons: Record<string, number>, labels: Record<string, string>): string {
  return Object.entries(reasons)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${labels[reason] ?? reason} ${n}`)
    .join(' · ');
}

/** Where a target can be seen in the app, when it has a page of its own. */
export function targetPath(targetType: ReportTargetType, targetId: number): string | null {
  if (targetType === 'BOARD') return `/boards/${targetId}`;
  if (targetType === 'USER') return `/users/${targetId}`;
  return null;
}

/**
 * The day a suspension of `days` from `now` ends, as the server says it (`YYYY년 M월 D일`, Seoul): the end is `days`
 * whole days after now.
 */
export function suspensionEnd(days: number, now: Date): string {
  const seoul = new Date(now.getTime() + days * 86_400_000 + 9 * 3_600_000);
  return `${seoul.getUTCFullYear()}년 ${seoul.getUTCMonth() + 1}월 ${seoul.getUTCDate()}일`;
}
