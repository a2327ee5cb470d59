import { SHOWCASE_PAGE_SIZE, type Page, type ShowcaseItem } from '@app/contract';
import type { AppContext } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { pageRequest, toPage } from '../../lib/paging.js';
import { presentShowcaseItem, presentShowcasePage } from './presenter.js';
import { countShowcases, showcaseRow, showcaseRows } from './queries.js';
import { TEAM_TEXTS } from './texts.js';

/**
 * The public showcase reads, as served: the routes send them and the server's page rendering reads them
 * (features/pages). Nothing per person in them.
 */
export function showcaseReads(ctx: AppContext) {
  return {
    list: async (page: number): Promise<Page<ShowcaseItem>> => {
      const req = pageRequest(page, SHOWCASE_PAGE_SIZE);
      const [rows, total] = await Promise.all([showcaseRows(ctx.db, req), countShowcases(ctx.db)]);
      return presentShowcasePage(toPage(rows, req, total));
    },
    /** 404 when the group is missing, not completed or not shown */
    detail: async (groupId: number): Promise<ShowcaseItem> => {
      const row = await showcaseRow(ctx.db, groupId);
      if (!row) throw new NotFound(TEAM_TEXTS.showcaseNotFound);
      return presentShowcaseItem(row);
    },
  };
}
