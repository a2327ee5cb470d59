// @vitest-environment jsdom
import { BOARD_TITLE_TOO_LONG, NOTICE_CONTENT_TEXT, profileBody, recruitmentBody, studyGroupBody } from '@app/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { spread } from './PhoneInput';
import { SearchFields } from './SearchFields';
import { TagInput } from './TagInput';
import { countText, fromContract, limitState, refuseOverLimit, tooLongText } from './text-limit';
import { TextField } from './TextField';

describe('limitState', () => {
  it('counts code points of the trimmed text, as the contract does', () => {
    expect(limitState('  abc \n', 5).count).toBe(3);
    // four emoji are eight UTF-16 units but four characters
    expect(limitState('😀😀😀😀', 4)).toMatchObject({ count: 4, over: false });
    expect(limitState('😀😀😀😀😀', 4)).toMatchObject({ count: 5, over: true });
  });

  it('is near from 80 % of the limit and over only past it', () => {
    expect(limitState('a'.repeat(1599), 2000)).toMatchObject({ near: false, over: false });
    expect(limitState('a'.repeat(1600), 2000)).toMatchObject({ near: true, over: false });
    expect(limitState('a'.repeat(2000), 2000)).toMatchObject({ near: true, over: false });
    expect(limitState('a'.repeat(2001), 2000)).toMatchObject({ near: true, over: true });
  });

  it('writes the count with thousands separators', () => {
    expect(countText({ count: 1980, max: 2000 })).toBe('1,980/2,000');
    expect(countText({ count: 60, max: 50 })).toBe('60/50');
  });
});

describe('contract texts', () => {
  it('reads the texts the schemas carry for one character past the limit', () => {
    expect(tooLongText(recruitmentBody.shape.title, 100)).toBe('제목은 최대 100자까지 입력 가능합니다.');
    expect(tooLongText(studyGroupBody.shape.title, 50)).toBe('스터디 제목은 2자 이상, 50자 이하로 입력해야 합니다.');
    expect(tooLongText(recruitmentBody.shape.tags, 20, true)).toBe('태그는 항목당 최대 20자까지 입력 가능합니다.');
    expect(tooLongText(profileBody.out.shape.field, 50)).toBe('분야는 최대 50자까지 입력 가능합니다.');
  });

  it('reads a text from the contract module when asked', async () => {
    const read = fromContract((c) => c.BOARD_TITLE_TOO_LONG);
    expect(typeof read === 'function' && (await read())).toBe(BOARD_TITLE_TOO_LONG);
  });
});

function Controlled(props: { max: number; tooLong: Parameters<typeof TextField>[0]['tooLong']; initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <TextField
      label="공지 내용"
      id="content"
      value={value}
      onChange={setValue}
      max={props.max}
      tooLong={props.tooLong}
      textarea="min-h-24"
    />
  );
}

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: '공지 내용' });

describe('TextField', () => {
  it('keeps everything pasted past the limit and says the contract text, with aria-invalid', () => {
    render(<Controlled max={2000} tooLong={NOTICE_CONTENT_TEXT} />);
    expect(box().hasAttribute('maxlength')).toBe(false);
    fireEvent.change(box(), { target: { value: 'a'.repeat(1500) } });
    expect(screen.queryByText('1,500/2,000')).toBeNull();
    expect(box().getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(box(), { target: { value: 'a'.repeat(1980) } });
    expect(screen.getByText('1,980/2,000')).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(box(), { target: { value: 'b'.repeat(2100) } });
    expect(box().value).toBe('b'.repeat(2100));
    expect(screen.getByText('2,100/2,000')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(NOTICE_CONTENT_TEXT);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe('content-count content-limit');

    fireEvent.change(box(), { target: { value: 'b'.repeat(2000) } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box().getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a text read from the contract once the field is past its limit', async () => {
    const read = vi.fn(async () => BOARD_TITLE_TOO_LONG);
    render(<Controlled max={5} tooLong={read} />);
    fireEvent.change(box(), { target: { value: '123456' } });
    expect((await screen.findByRole('alert')).textContent).toBe(BOARD_TITLE_TOO_LONG);
    fireEvent.change(box(), { target: { value: '1234567' } });
    expect(screen.getByRole('alert').textContent).toBe(BOARD_TITLE_TOO_LONG);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('refuseOverLimit', () => {
  it('focuses the first field past its limit and refuses; fields within their limits pass', () => {
    render(
      <>
        <input id="a" defaultValue="ok" />
        <input id="b" />
      </>,
    );
    expect(refuseOverLimit([{ id: 'a', value: 'abc', max: 3 }])).toBe(false);
    expect(
      refuseOverLimit([
        { id: 'a', value: 'abc', max: 3 },
        { id: 'b', value: 'abcd', max: 3 },
      ]),
    ).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });
});

describe('TagInput', () => {
  it('keeps an item past its limit in the box, says the contract text and adds nothing on Enter', () => {
    const onChange = vi.fn();
    render(
      <TagInput
        label="기술 태그"
        tags={[]}
        onChange={onChange}
        itemLimit={{ max: 20, tooLong: '태그는 항목당 최대 20자까지 입력 가능합니다.' }}
      />,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: '기술 태그' });
    fireEvent.change(input, { target: { value: 'x'.repeat(25) } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('x'.repeat(25));
    expect(screen.getByRole('alert').textContent).toBe('태그는 항목당 최대 20자까지 입력 가능합니다.');
    fireEvent.change(input, { target: { value: 'x'.repeat(20) } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(['x'.repeat(20)]);
  });
});

describe('SearchFields', () => {
  it('keeps a long keyword whole and says the limit', () => {
    function Search() {
      const [keyword, setKeyword] = useState('');
      const limit = { max: 50, tooLong: '검색어는 최대 50자까지 입력 가능합니다.' };
      return (
        <SearchFields
          typeLabel="검색 유형"
          types={[]}
          type=""
          onType={() => {}}
          keyword={keyword}
          onKeyword={setKeyword}
          limit={limit}
        />
      );
    }
    render(<Search />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: '검색어' });
    fireEvent.change(input, { target: { value: '가'.repeat(60) } });
    expect(input.value).toBe('가'.repeat(60));
    expect(screen.getByRole('alert').textContent).toBe('검색어는 최대 50자까지 입력 가능합니다.');
  });
});

describe('phone boxes', () => {
  it('spread a pasted number over the boxes and keep what does not fit in the last', () => {
    expect(spread('010-1234-5678')).toEqual(['010', '1234', '5678']);
    expect(spread('0212345678')).toEqual(['021', '234', '5678']);
    expect(spread('0101234567899')).toEqual(['010', '1234', '567899']);
  });
});
