import { describe, expect, it } from 'vitest';
import { matchPublicRoute } from '@app/contract';
import { EVERYTHING } from '../../lib/public-changes.js';
import { cardContent } from './link-preview.js';
import { pageTags } from './page-tags.js';

describe('the public routes table', () => {
  it('matches the public paths, their ids, ids that cannot exist, and nothing else', () => {
    expect(matchPublicRoute('/')).toEqual({ name: 'home', id: null });
    expect(matchPublicRoute('/study-groups')).toEqual({ name: 'studyGroups', id: null });
    expect(matchPublicRoute('/recruitment/12')).toEqual({ name: 'recruitment', id: 12 });
    expect(matchPublicRoute('/boards/999999999')).toEqual({ name: 'board', id: 999999999 });
    expect(matchPublicRoute('/showcase')).toEqual({ name: 'showcases', id: null });
    expect(matchPublicRoute('/showcase/5')).toEqual({ name: 'showcase', id: 5 });
    expect(matchPublicRoute('/showcase/abc')).toBe('not-found');
    expect(matchPublicRoute('/showcase/')).toBe('not-found');
    for (const path of ['/recruitment/0', '/recruitment/012', '/boards/abc', '/study-group/1234567890', '/boards/'])
      expect(matchPublicRoute(path), path).toBe('not-found');
    for (const path of [
      '/recruitment/register',
      '/recruitment/edit/3',
      '/boards/edit',
      '/recruitment/3/',
      '/recruitments/',
      '/my-posts',
    ])
      expect(matchPublicRoute(path), path).toBeNull();
  });

  it('gives each page the public changes it is made of, and a card to the details only', () => {
    expect(pageTags('/')).toEqual(['list:RECRUITMENT', 'ranked:RECRUITMENT', 'list:STUDY_GROUP', 'ranked:STUDY_GROUP', 'boards']);
    expect(pageTags('/recruitments')).toEqual(['list:RECRUITMENT', 'ranked:RECRUITMENT', 'tags']);
    expect(pageTags('/study-group/7')).toEqual(['post:7']);
    expect(pageTags('/boards/7')).toEqual(['board:7']);
    expect(pageTags('/recruitment/abc')).toEqual([]);
    expect(pageTags('/my-posts')).toEqual([EVERYTHING]);
    expect(cardContent('/boards/7')).toEqual({ kind: 'BOARD', id: 7, read: '/boards/7' });
    expect(cardContent('/study-group/7')).toEqual({ kind: 'STUDY_GROUP', id: 7, read: '/study-groups/7' });
    expect(cardContent('/recruitments')).toBeNull();
    expect(pageTags('/showcase')).toEqual(['showcases']);
    expect(pageTags('/showcase/7')).toEqual(['showcase:7', 'showcases']);
    expect(cardContent('/showcase/7')).toEqual({ kind: 'SHOWCASE', id: 7, read: '/showcase/7' });
    expect(cardContent('/showcase')).toBeNull();
  });
});
