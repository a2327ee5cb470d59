import type { RecruitmentItem } from './api';
import { RECRUITMENT } from './kinds';
import { PostCard } from './PostCard';
import { PostListPage } from './PostListPage';

export default function RecruitmentListPage() {
  return (
    <PostListPage<RecruitmentItem>
      kind={RECRUITMENT}
      heading="프로젝트 팀원 모집"
      subheading="함께 만들 팀원을 찾고, 마음에 드는 프로젝트에 지원해보세요."
      renderCard={(r) => (
        <PostCard href={RECRUITMENT.detailPath(r.id)} inactive={r.inactive} dueDate={r.dueDate} topic={r.topic} title={r.title}>
          {r.tags.length > 0 && <span className="truncate text-indigo-500">{r.tags.map((t) => `#${t}`).join(' ')}</span>}
          <span>
            {r.creatorNickname} · {r.currentMembers}/{r.totalMembers}명
          </span>
          <span>
            마감 {r.dueDate} · 조회 {r.views}
          </span>
        </PostCard>
      )}
    />
  );
}
