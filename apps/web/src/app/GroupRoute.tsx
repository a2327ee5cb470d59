import { lazy, Suspense } from 'react';
import GroupDetailPage from '../features/groups/GroupDetailPage';

const GroupChatButton = lazy(() => import('../features/chat/GroupChatButton'));

/** /groups/{groupId}: the group page; the chat area passes its button and room dialogs through `chat`. */
export default function GroupRoute() {
  return (
    <GroupDetailPage
      chat={(group) => (
        <Suspense fallback={null}>
          <GroupChatButton groupId={group.id} groupName={group.name} admin={group.admin} />
        </Suspense>
      )}
    />
  );
}
