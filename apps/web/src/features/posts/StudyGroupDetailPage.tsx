import { STUDY_GROUP } from './kinds';
import { PostDetailPage } from './PostDetailPage';

export default function StudyGroupDetailPage() {
  return <PostDetailPage kind={STUDY_GROUP} />;
}
