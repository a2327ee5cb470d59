import type { ReactNode } from 'react';
import type { RecruitmentItem } from './api';
import { RECRUITMENT } from './kinds';
import { PostCard } from './PostCard';
import { PostListPage } from './PostListPage';

/** A project card: its tags as tech-stack chips. */
const card = (r: RecruitmentItem, href: string, action: ReactNode) => (
  <PostCard href={href} post={r} kindName={RECRUITMENT.name} chips={r.tags} action={action} />
);

export default function RecruitmentListPage() {
  return <PostListPage kind={RECRUITMENT} card={card} />;
}
