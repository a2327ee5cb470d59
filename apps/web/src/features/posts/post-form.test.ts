import { describe, expect, it } from 'vitest';
import { clampMembers, EMPTY_POST_FORM, postBody, type PostFormValues } from './form-rules';
import { kindOfFormPath, RECRUITMENT, STUDY_GROUP } from './kinds';

describe('headcount box', () => {
  it('is clamped to 2..100', () => {
    expect(['1', '0', '-5', '', 'abc', '2', '7', '7.6', '101'].map(clampMembers)).toEqual([
      '2',
      '2',
      '2',
      '2',
      '2',
      '2',
      '7',
      '7',
      '100',
    ]);
  });
});

describe('post form rules', () => {
  const filled: PostFormValues = {
    ...EMPTY_POST_FORM,
    title: ' 제목 ',
    topic: ' 주제 ',
    members: '4',
    dueDate: '2030-01-10',
    startDate: '2030-01-11',
    endDate: '2030-02-11',
    tags: ['React'],
    description: ' 설명 ',
  };

  it('sends a project with tags and no period, trimmed', () => {
    expect(postBody(RECRUITMENT, filled)).toEqual({
      body: { title: '제목', topic: '주제', description: '설명', totalMembers: 4, dueDate: '2030-01-10', tags: ['React'] },
    });
  });

  it('sends a study with its period and no tags', () => {
    expect(postBody(STUDY_GROUP, filled)).toEqual({
      body: {
        title: '제목',
        topic: '주제',
        description: '설명',
        totalMembers: 4,
        dueDate: '2030-01-10',
        startDate: '2030-01-11',
        endDate: '2030-02-11',
      },
    });
  });

  it('stops a blank field with 모든 항목을 정확히 입력해주세요.', () => {
    for (const blank of ['title', 'topic', 'description', 'dueDate'] as const) {
      expect(postBody(RECRUITMENT, { ...filled, [blank]: ' '.repeat(blank === 'dueDate' ? 0 : 2) })).toEqual({
        problem: '모든 항목을 정확히 입력해주세요.',
      });
    }
    expect(postBody(RECRUITMENT, { ...filled, tags: [], startDate: '', endDate: '' })).toHaveProperty('body');
    expect(postBody(STUDY_GROUP, { ...filled, endDate: '' })).toEqual({ problem: '모든 항목을 정확히 입력해주세요.' });
  });

  it('stops a study that does not end after it starts', () => {
    for (const endDate of ['2030-01-11', '2030-01-05']) {
      expect(postBody(STUDY_GROUP, { ...filled, endDate })).toEqual({ problem: '스터디 종료일은 시작일보다 이후여야 합니다.' });
    }
  });

  it('takes the kind from the form route', () => {
    expect(
      ['/recruitment/register', '/recruitment/edit/3', '/study-group/register', '/study-group/edit/3'].map(
        (p) => kindOfFormPath(p).key,
      ),
    ).toEqual(['recruitment', 'recruitment', 'study-group', 'study-group']);
  });
});
