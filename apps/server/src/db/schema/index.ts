export * from './accounts.js';
export * from './messages.js';
export * from './boards.js';
