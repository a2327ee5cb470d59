import { RECRUITMENT } from './kinds';
import { PostDetailPage } from './PostDetailPage';

export default function RecruitmentDetailPage() {
  return <PostDetailPage kind={RECRUITMENT} />;
}
