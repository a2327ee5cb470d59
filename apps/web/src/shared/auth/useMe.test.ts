// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { auth } from './store';
import { useMe } from './useMe';

const token = (claims: object) => `x.${btoa(JSON.stringify(claims))}.y`;

afterEach(() => auth.clear());

it('answers from the session: the token’s user id and the stored nickname, following login, rename and logout', () => {
  const { result } = renderHook(() => useMe());
  expect(result.current).toBeNull();

  act(() => auth.login(token({ sub: 'kim', uid: 42 }), '김코딩'));
  expect(result.current).toEqual({ id: 42, nickname: '김코딩' });

  const before = result.current;
  act(() => auth.setNickname('김개발'));
  expect(result.current).toEqual({ id: 42, nickname: '김개발' });
  expect(result.current).not.toBe(before);

  act(() => auth.clear());
  expect(result.current).toBeNull();
});

it('is nobody for a token without a user id', () => {
  act(() => auth.login(token({ sub: 'kim' }), '김코딩'));
  const { result } = renderHook(() => useMe());
  expect(result.current).toBeNull();
});
