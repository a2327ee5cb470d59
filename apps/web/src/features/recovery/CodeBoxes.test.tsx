// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeBoxes, emptyCode } from './CodeBoxes';

function Harness({ digitsOnly }: { digitsOnly?: boolean }) {
  const [code, setCode] = useState(emptyCode);
  return <CodeBoxes value={code} onChange={setCode} digitsOnly={digitsOnly} />;
}

describe('CodeBoxes', () => {
  const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: /^인증 코드 \d번째 자리$/ });
  const values = () => boxes().map((b) => b.value);
  /** A phone's one-time-code suggestion: the whole code lands in one box at once. */
  const autofill = (box: HTMLInputElement, value: string) => fireEvent.change(box, { target: { value } });

  it('opens the numeric keypad with one-time-code autofill, and moves on as each character is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(boxes().map((b) => [b.inputMode, b.autocomplete])).toEqual(Array(4).fill(['numeric', 'one-time-code']));
    await user.click(boxes()[0]);
    await user.keyboard('A');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('7');
    expect(values()).toEqual(['A', '7', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    // Backspace on an empty box clears the one before and goes back to it
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['A', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('a whole code, pasted anywhere or autofilled into one box, fills all four', async () => {
    const user = userEvent.setup();
    render(<Harness digitsOnly />);
    await user.click(boxes()[2]);
    await user.paste(' 4 8 2 1 ');
    expect(values()).toEqual(['4', '8', '2', '1']);
    autofill(boxes()[0], '9035');
    expect(values()).toEqual(['9', '0', '3', '5']);
  });

  it('the password code takes digits only', async () => {
    const user = userEvent.setup();
    render(<Harness digitsOnly />);
    await user.click(boxes()[0]);
    await user.keyboard('a');
    expect(values()).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(boxes()[0]);
    await user.paste('12');
    expect(values()).toEqual(['1', '2', '', '']);
  });
});
