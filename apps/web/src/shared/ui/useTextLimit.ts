import { useEffect, useRef, useState } from 'react';
import { limitState, type LimitState, type LimitText } from './text-limit';

export interface TextLimit extends LimitState {
  id: string;
  /** the contract's text while the field is past its limit (null until a text read from the contract arrives) */
  text: string | null;
  /** for the control: aria-invalid past the limit, aria-describedby naming the counter and the text */
  control: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

export const limitIds = (id: string) => ({ count: `${id}-count`, error: `${id}-limit` });

/**
 * The limit of the control with this id, for {@link LimitNote} and the control's aria attributes. The value is
 * never changed here: whatever was typed or pasted stays in the field.
 */
export function useTextLimit(id: string, value: string, max: number, tooLong: LimitText): TextLimit {
  const state = limitState(value, max);
  const [loaded, setLoaded] = useState<string | null>(null);
  const load = useRef(tooLong);
  load.current = tooLong;
  const loading = state.over && typeof tooLong !== 'string' && loaded === null;

  useEffect(() => {
    const read = load.current;
    if (!loading || typeof read === 'string') return;
    let current = true;
    void read().then((text) => current && setLoaded(text));
    return () => {
      current = false;
    };
  }, [loading]);

  const text = state.over ? (typeof tooLong === 'string' ? tooLong : loaded) : null;
  const ids = limitIds(id);
  const described = [state.near && ids.count, text && ids.error].filter(Boolean).join(' ');
  return {
    ...state,
    id,
    text,
    control: { ...(state.over && { 'aria-invalid': true }), ...(described && { 'aria-describedby': described }) },
  };
}
