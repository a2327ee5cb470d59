import { WITHDRAWN_NAME, type Notice } from '@app/contract';
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
});
