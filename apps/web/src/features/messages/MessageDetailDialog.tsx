import { useState, type ReactNode } from 'react';
import { useMe } from '../../shared/auth/useMe';
import { ComposeMessageDialog, type ComposeMessageDialogProps } from './ComposeMessageDialog';
import { formatDateTime } from '../../shared/lib/format';
import { ReportMenu } from '../../shared/report/ReportMenu';
import { Modal } from '../../shared/ui/Modal';
import { SYSTEM_SENDER, useOpenedMessage, WITHDRAWN_SENDER } from './api';
import { useConfirmDeleteMessage } from './confirm-delete';

/** 차단하기 for a 쪽지's sender: the 차단 area's button, composed in by the app. */
export type BlockSender = (sender: { userId: number; nickname: string }) => ReactNode;

interface Props {
  messageId: number;
  blockSender: BlockSender;
  onClose(): void;
  /** the compose wording for 답장쓰기: 'default' from the header, 'reply' from the inbox page */
  replyVariant: ComposeMessageDialogProps['variant'];
}

/** A 쪽지 opened from the dropdown or the inbox page; loading it marks it read. */
export function MessageDetailDialog({ messageId, onClose, replyVariant, blockSender }: Props) {
  const { data: message, isError } = useOpenedMessage(messageId);
  const [replying, setReplying] = useState(false);
  const { remove, deleting } = useConfirmDeleteMessage();
  const me = useMe();
  const fromSystem = message?.senderName === SYSTEM_SENDER;
  // a person other than me who still has an account can be blocked
  const blockable = !!message && !fromSystem && message.senderName !== WITHDRAWN_SENDER && message.senderName !== me?.nickname;

  if (replying && message) {
    return (
      <ComposeMessageDialog
        receiverName={message.senderName}
        variant={replyVariant}
        onClose={() => setReplying(false)}
        onSent={onClose}
      />
    );
  }

  return (
    <Modal title={message ? `보낸 사람: ${message.senderName}` : '쪽지'} onClose={onClose}>
      {isError && <p className="text-sm text-red-600">쪽지를 불러오는 도중 문제가 발생했습니다.</p>}
      {message && (
        <div className="flex flex-col gap-4">
          <p className="text-xs text-gray-500">{formatDateTime(message.sentAt)}</p>
          <p className="min-h-24 whitespace-pre-wrap break-words text-sm" data-testid="message-content">
            {message.content || '내용 없음'}
          </p>
          {/* closing is the title bar's 닫기; without 답장쓰기 (system sender) 삭제하기 stays right-aligned alone */}
          <div className="flex gap-2">
            {!fromSystem && (
              <button type="button" className="btn-primary" onClick={() => setReplying(true)}>
                답장쓰기
              </button>
            )}
            {blockable && blockSender({ userId: message.senderId, nickname: message.senderName })}
            {blockable && <ReportMenu label="쪽지 메뉴" targetType="MESSAGE" targetId={messageId} />}
            <button type="button" className="btn-danger ml-auto" disabled={deleting} onClick={() => remove(messageId, onClose)}>
              삭제하기
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
