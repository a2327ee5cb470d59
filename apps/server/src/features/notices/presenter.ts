import { hiddenMarkOf, WITHDRAWN_NAME, type Notice } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';

export interface NoticeRow {
  id: number;
  groupId: number;
  title: string;
  content: string;
  pinned: boolean;
  /** the writer's current nickname (null once withdrawn) */
  writerNickname: string | null;
  createdAt: Date;
  /** set while hidden (docs/api.md §10.4) */
  hiddenAt?: Date | null;
  hiddenReason?: string | null;
  updatedAt: Date;
}

export const presentNotice = (r: NoticeRow): Notice => ({
  noticeId: r.id,
  groupId: r.groupId,
  title: r.title,
  content: r.content,
  pinned: r.pinned,
  writerNickname: r.writerNickname ?? WITHDRAWN_NAME,
  createdDateTime: seoulDateTime(r.createdAt),
  updatedDateTime: seoulDateTime(r.updatedAt),
  ...hiddenMarkOf({ hiddenAt: r.hiddenAt ?? null, hiddenReason: r.hiddenReason ?? null }),
});
