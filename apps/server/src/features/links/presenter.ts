import { WITHDRAWN_NAME, type GroupLink } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';

export interface LinkRow {
  id: number;
  groupId: number;
  title: string;
  url: string;
  writerId: number;
  /** the writer's current nickname */
  writerNickname: string | null;
  createdAt: Date;
}

// A writer's links go with their membership, so a withdrawn name never shows; the fallback keeps the shape total.
export const presentLink = (r: LinkRow): GroupLink => ({
  linkId: r.id,
  groupId: r.groupId,
  title: r.title,
  url: r.url,
  writerId: r.writerId,
  writerNickname: r.writerNickname ?? WITHDRAWN_NAME,
  createdDateTime: seoulDateTime(r.createdAt),
});
