import { hiddenMarkOf, WITHDRAWN_NAME, type GroupLink } from '@app/contract';
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
  /** set while hidden (docs/api.md §10.4) */
  hiddenAt?: Date | null;
  hiddenReason?: string | null;
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
  ...hiddenMarkOf({ hiddenAt: r.hiddenAt ?? null, hiddenReason: r.hiddenReason ?? null }),
});
