/**
 * The one 쪽지 compose dialog (쪽지 보내기), opened from the header, the message detail, the inbox page
 * and a post detail. `texts` picks the success/failure wording of the place that opened it (spec 8).
 * Placeholder until the messages feature fills it in.
 */
export interface ComposeTexts {
  success: string;
  failure: string;
}

export interface ComposeMessageDialogProps {
  receiverName: string;
  onClose(): void;
  onSent?(): void;
  /** 'default' (header/detail/post): 쪽지가 성공적으로 전송되었습니다.; 'inbox'; 'reply' */
  variant?: 'default' | 'inbox' | 'reply';
}

export function ComposeMessageDialog(_props: ComposeMessageDialogProps) {
  return null;
}
