import type { RecruitmentItem } from './api';
import { RECRUITMENT } from './kinds';
import { PostListPage } from './PostListPage';

/** A project card's own lines: its tags, the author and the headcount. */
const cardLines = (r: RecruitmentItem) => (
  <>
    {r.tags.length > 0 && <span className="truncate text-indigo-500">{r.tags.map((t) => `#${t}`).join(' ')}</span>}
    <span>
      {r.creatorNickname} · {r.currentMembers}/{r.totalMembers}명
    </span>
  </>
);

export default function RecruitmentListPage() {
  return <PostListPage kind={RECRUITMENT} cardLines={cardLines} />;
}
