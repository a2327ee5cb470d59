import { lazy } from 'react';

/** The header's inbox and chat panels, loaded only when opened. Features fill them in. */
export const InboxPanel = lazy(() => import('./InboxPanel'));
export const ChatListPanel = lazy(() => import('../features/chat/ChatListPanel'));
export const ChatRoomModal = lazy(() => import('../features/chat/ChatRoomModal'));
