import type { StudyGroupItem } from './api';
import { STUDY_GROUP } from './kinds';
import { PostCard } from './PostCard';
import { PostListPage } from './PostListPage';

export default function StudyGroupListPage() {
  return (
    <PostListPage<StudyGroupItem>
      kind={STUDY_GROUP}
      heading="스터디 그룹 모집"
      subheading="같은 목표를 가진 사람들과 함께 공부하세요."
      renderCard={(s) => (
        <PostCard href={STUDY_GROUP.detailPath(s.id)} inactive={s.inactive} dueDate={s.dueDate} topic={s.topic} title={s.title}>
          <span>{s.creatorNickname}</span>
          <span>
            기간 {s.startDate} ~ {s.endDate}
          </span>
          <span>
            마감 {s.dueDate} · 조회 {s.views}
          </span>
        </PostCard>
      )}
    />
  );
}
