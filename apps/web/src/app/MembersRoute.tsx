import { BlockButton } from '../features/blocks/BlockButton';
import { MembersPage } from '../features/groups/MembersPage';

/** /groups/{groupId}/members: the group's members; another member can be blocked with the 차단 area's button. */
export default function MembersRoute() {
  return (
    <MembersPage
      blockMember={(m) => <BlockButton userId={m.userId} nickname={m.nickname} className="btn-secondary px-3 py-1" />}
    />
  );
}
