import type { ReactNode } from 'react';
import { formatDay } from '../../shared/lib/format';
import type { StudyGroupItem } from './api';
import { STUDY_GROUP } from './kinds';
import { PostCard } from './PostCard';
import { PostListPage } from './PostListPage';

/** A study card: its study period. */
const card = (s: StudyGroupItem, href: string, action: ReactNode) => (
  <PostCard href={href} post={s} kindName={STUDY_GROUP.name} action={action}>
    기간 {formatDay(s.startDate)} ~ {formatDay(s.endDate)}
  </PostCard>
);

export default function StudyGroupListPage() {
  return <PostListPage kind={STUDY_GROUP} card={card} />;
}
