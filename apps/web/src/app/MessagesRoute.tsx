import { BlockButton } from '../features/blocks/BlockButton';
import { MessagesPage } from '../features/messages/MessagesPage';

/** /messages: the inbox; a 쪽지's sender can be blocked with the 차단 area's button. */
export default function MessagesRoute() {
  return <MessagesPage blockSender={(s) => <BlockButton userId={s.userId} nickname={s.nickname} />} />;
}
