export * from './accounts.js';
export * from './messages.js';
export * from './posts.js';
export * from './boards.js';
export * from './groups.js';
export * from './recovery.js';
export * from './chat.js';
export * from './group-board.js';

export * from './blocks.js';
export * from './calendar-feeds.js';
export * from './teams.js';
export * from './identities.js';
