import { ComposeMessageDialog } from '../features/messages/ComposeMessageDialog';
import { RECRUITMENT, STUDY_GROUP, type PostKind } from '../features/posts/kinds';
import { PostDetailPage } from '../features/posts/PostDetailPage';

/** A post's detail; the 쪽지 area passes its compose dialog for 쪽지 보내기 to the author. */
function PostDetailRoute({ kind }: { kind: PostKind }) {
  return (
    <PostDetailPage
      kind={kind}
      composeMessage={(receiverName, onClose) => <ComposeMessageDialog receiverName={receiverName} onClose={onClose} />}
    />
  );
}

/** /recruitment/{recruitmentId} */
export const RecruitmentDetailRoute = () => <PostDetailRoute kind={RECRUITMENT} />;
/** /study-group/{studyGroupId} */
export const StudyGroupDetailRoute = () => <PostDetailRoute kind={STUDY_GROUP} />;
