import { CHAT_MESSAGE_TOO_LONG_TEXT } from '@app/contract';

/** The chat area's Korean texts (docs/api.md §3.8, §4, §5); † are our choices. */
export const CHAT_TEXTS = {
  roomNotFound: '채팅방을 찾을 수 없습니다.',
  groupNotFound: '그룹을 찾을 수 없습니다.',
  createForbidden: '채팅방을 생성할 권한이 없습니다.',
  roomExists: '이미 해당 그룹의 채팅방이 존재합니다.',
  readLogSaved: '마지막으로 읽은 채팅 시각이 기록되었습니다.',
  noAccess: '이 채팅방에 접근 권한이 없습니다.',
  badMessage: '메시지 형식이 올바르지 않습니다.',
  emptyMessage: '메시지를 입력해주세요.',
  messageTooLong: CHAT_MESSAGE_TOO_LONG_TEXT,
  kicked: '그룹에서 추방된 사용자이므로 채팅방에 참여를 할 수 없습니다.',
  groupDeleted: '그룹이 삭제되어 채팅방을 사용할 수 없습니다.',
} as const;

export const roomCreatedNote = (groupName: string, roomName: string) =>
  `'${groupName}' 그룹의 새로운 '${roomName}' 채팅방이 생성되었습니다.`;

/** Chat system lines (docs/api.md §4.2). */
export const SYSTEM_LINES = {
  leave: (nickname: string) => `${nickname}님이 그룹을 탈퇴했습니다.`,
  withdrawal: (nickname: string) => `${nickname}님이 그룹을 탈퇴했습니다.`,
  invite: (nickname: string) => `${nickname}님이 그룹에 초대되었습니다.`,
  kick: (nickname: string) => `${nickname}님이 그룹에서 추방되었습니다.`,
} as const;
