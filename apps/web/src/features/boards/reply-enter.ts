export interface KeyPress {
  key: string;
  shiftKey: boolean;
  /** true while an IME (Hangul) composition is open; its confirming Enter must not submit */
  isComposing: boolean;
  keyCode: number;
}

/** Enter submits the reply; Shift+Enter is a newline; an Enter that belongs to a composition is ignored. */
export const submitsReply = (e: KeyPress) => e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229;
