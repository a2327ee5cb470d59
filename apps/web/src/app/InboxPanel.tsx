import { BlockButton } from '../features/blocks/BlockButton';
import { InboxDropdown } from '../features/messages/InboxDropdown';

/** The header's inbox; a 쪽지's sender can be blocked with the 차단 area's button. */
export default function InboxPanel({ onClose }: { onClose(): void }) {
  return <InboxDropdown onClose={onClose} blockSender={(s) => <BlockButton userId={s.userId} nickname={s.nickname} />} />;
}
