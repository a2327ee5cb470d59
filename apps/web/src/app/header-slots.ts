import { lazy } from 'react';

/** The header's inbox and chat panels, loaded only when opened. Features fill them in. */
export const InboxPanel = lazy(() => import('./InboxPanel'));
export const ChatListPanel = lazy(() => import('../features/chat/ChatListPanel'));
export const ChatRoomModal = lazy(() => import('../features/chat/ChatRoomModal'));
/** 운영 관리, for operators: whether I am one is asked when the menu first opens, not on every page */
export const OperatorMenuItem = lazy(() => import('./operator'));
