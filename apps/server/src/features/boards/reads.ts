import type { BoardDetail, BoardItem, Page } from '@app/contract';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../lib/auth-user.js';
import { mapPage } from '../../lib/paging.js';
import { presentBoard, presentBoardItem, presentReply } from './presenter.js';
import * as boards from './service.js';

/**
 * The public reads of the board, as served: the routes send them and the server's page rendering reads them
 * (features/pages). A board post is presented for its viewer.
 */
export function boardReads(ctx: AppContext) {
  return {
    list: async (page: number): Promise<Page<BoardItem>> => mapPage(await boards.listBoards(ctx.db, page), presentBoardItem),
    search: async (query: boards.BoardSearch): Promise<Page<BoardItem>> =>
      mapPage(await boards.searchBoards(ctx.db, query), presentBoardItem),
    popular: async (): Promise<BoardItem[]> => (await boards.popularBoards(ctx.db)).map(presentBoardItem),
    detail: async (id: number, page: number, viewer: Viewer | null): Promise<BoardDetail> => {
      const { board, replies } = await boards.getBoard(ctx, id, page, viewer);
      return { board: presentBoard(board, viewer?.id ?? null), replies: mapPage(replies, presentReply) };
    },
  };
}
