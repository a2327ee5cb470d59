// @vitest-environment jsdom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeBoxes, emptyCode } from './CodeBoxes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Harness({ digitsOnly }: { digitsOnly?: boolean }) {
  const [code, setCode] = useState(emptyCode);
  return <CodeBoxes value={code} onChange={setCode} digitsOnly={digitsOnly} />;
}

describe('CodeBoxes', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const boxes = () => [...host.querySelectorAll('input')];
  const values = () => boxes().map((b) => b.value);
  /** What typing or a phone's autofill does to a controlled input. */
  const input = (box: HTMLInputElement, value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const paste = (box: HTMLInputElement, text: string) =>
    act(() => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
      box.dispatchEvent(event);
    });

  it('opens the numeric keypad with one-time-code autofill, and moves on as each character is typed', () => {
    act(() => root.render(<Harness />));
    expect(boxes().map((b) => [b.inputMode, b.autocomplete])).toEqual(Array(4).fill(['numeric', 'one-time-code']));
    input(boxes()[0], 'A');
    expect(document.activeElement).toBe(boxes()[1]);
    input(boxes()[1], '7');
    expect(values()).toEqual(['A', '7', '', '']);
  });

  it('a whole code, pasted anywhere or autofilled into one box, fills all four', () => {
    act(() => root.render(<Harness digitsOnly />));
    paste(boxes()[2], ' 4 8 2 1 ');
    expect(values()).toEqual(['4', '8', '2', '1']);
    input(boxes()[0], '9035');
    expect(values()).toEqual(['9', '0', '3', '5']);
  });

  it('the password code takes digits only', () => {
    act(() => root.render(<Harness digitsOnly />));
    input(boxes()[0], 'a');
    expect(values()).toEqual(['', '', '', '']);
    paste(boxes()[0], '12');
    expect(values()).toEqual(['1', '2', '', '']);
  });
});
