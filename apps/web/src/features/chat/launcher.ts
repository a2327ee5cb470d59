import { useSyncExternalStore } from 'react';

/**
 * Which chat room is open in the modal, if any. The header hosts the modal, so it outlives the room list that
 * opened it (the list closes on opening); the group page opens rooms the same way.
 */
let openRoomId: number | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const chatLauncher = {
  open(roomId: number) {
    openRoomId = roomId;
    emit();
  },
  close() {
    openRoomId = null;
    emit();
  },
};

export const useOpenChatRoom = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => openRoomId,
    () => null, // a server-rendered page has no room open
  );
