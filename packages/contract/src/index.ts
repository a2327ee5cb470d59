export * from './text.js';
export * from './common.js';
export * from './account.js';
export * from './messages.js';
export * from './posts.js';
export * from './applications.js';
export * from './boards.js';
export * from './groups.js';
export * from './recovery.js';
export * from './chat.js';
export * from './post-filters.js';
export * from './bookmarks.js';
export * from './group-board.js';

export * from './blocks.js';
export * from './notifications.js';
export * from './calendar-feed.js';
export * from './public-routes.js';
