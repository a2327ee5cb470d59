import GroupDetailPage from '../features/groups/GroupDetailPage';

/** /groups/{groupId}: the group page; the chat area passes its button and room dialogs through `chat`. */
export default function GroupRoute() {
  return <GroupDetailPage />;
}
