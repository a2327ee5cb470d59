import type { StudyGroupItem } from './api';
import { STUDY_GROUP } from './kinds';
import { PostListPage } from './PostListPage';

/** A study card's own lines: the author and the study period. */
const cardLines = (s: StudyGroupItem) => (
  <>
    <span>{s.creatorNickname}</span>
    <span>
      기간 {s.startDate} ~ {s.endDate}
    </span>
  </>
);

export default function StudyGroupListPage() {
  return <PostListPage kind={STUDY_GROUP} cardLines={cardLines} />;
}
