export * from './text.js';
export * from './common.js';
export * from './account.js';
export * from './messages.js';
export * from './posts.js';
export * from './applications.js';
export * from './boards.js';
export * from './groups.js';
