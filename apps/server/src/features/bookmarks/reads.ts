import type { BookmarkState } from '@app/contract';
import type { AppContext } from '../../context.js';
import { presentBookmarkState } from './presenter.js';
import * as bookmarks from './service.js';

/** A post's bookmark count and the viewer's bookmark of it: the route sends it, the server's page rendering reads it. */
export const bookmarkStateRead = async (ctx: AppContext, postId: number, viewerId: number | null): Promise<BookmarkState> =>
  presentBookmarkState(await bookmarks.getState(ctx, postId, viewerId));
