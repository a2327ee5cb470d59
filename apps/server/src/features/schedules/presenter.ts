import type { ScheduleDetail, ScheduleTotal } from '@app/contract';
import { seoulDateTime } from '../../lib/clock.js';

export interface ScheduleEntryRow {
  writerId: number;
  nickname: string | null;
  date: string;
  content: string;
  createdAt: Date;
}

// A writer's entries go with their membership, so a withdrawn name never shows; '' keeps the shape total.
export const presentTotal = (r: ScheduleEntryRow): ScheduleTotal => ({
  nickname: r.nickname ?? '',
  date: r.date,
});

export const presentDetail = (r: ScheduleEntryRow): ScheduleDetail => ({
  writerId: r.writerId,
  nickname: r.nickname ?? '',
  createdAt: seoulDateTime(r.createdAt),
  content: r.content,
});
