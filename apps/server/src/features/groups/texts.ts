import { GROUP_COMPLETED_TEXT, INVITE_BLOCKED_TEXT } from '@app/contract';

/** Every group-scoped route's 403 for a caller outside the group (docs/api.md §3.6, §3.7, §3.8). */
export const NOT_GROUP_MEMBER_TEXT = '그룹의 일원이 아닙니다.';

/** The groups area's Korean texts (docs/api.md §3.6, §4.1, §9.4). */
export const GROUP_TEXTS = {
  notFound: '그룹을 찾을 수 없습니다.',
  notExists: '해당 그룹이 존재하지 않습니다.',
  postNotFound: '해당 모집 공고를 찾을 수 없습니다.',
  createForbidden: '그룹을 생성할 권한이 없습니다.',
  postNotClosed: '마감되지 않은 공고는 그룹을 생성할 수 없습니다.',
  groupExists: '이미 그룹이 생성된 모집 공고입니다.',
  editForbidden: '그룹을 수정할 권한이 없습니다.',
  deleteForbidden: '그룹을 삭제할 권한이 없습니다.',
  adminCannotLeave: '그룹의 관리자는 탈퇴할 수 없습니다. 그룹 삭제를 이용해주세요.',
  left: '그룹을 성공적으로 탈퇴했습니다.',
  inviteForbidden: '그룹의 관리자만이 초대할 수 있습니다.',
  inviteeNotFound: '해당 닉네임의 사용자가 존재하지 않습니다.',
  alreadyMember: '이미 그룹에 존재하는 사용자입니다.',
  capacityExceeded: '모집 인원이 초과되었습니다.',
  inviteBlocked: INVITE_BLOCKED_TEXT,
  invited: '초대가 완료되었습니다.',
  kickForbidden: '그룹의 관리자만이 추방할 수 있습니다.',
  memberNotFound: '해당 그룹에 존재하지 않는 멤버입니다.',
  adminCannotBeKicked: '관리자는 추방할 수 없습니다.',
  kicked: '사용자가 그룹에서 추방되었습니다.',
  /** invite, kick and deletion of a completed group (docs/api.md §10.2) */
  completed: GROUP_COMPLETED_TEXT,
} as const;

/** 쪽지 from [시스템] (docs/api.md §4.1). */
export const groupCreatedMessage = (groupName: string) => `'${groupName}' 그룹이 생성되었습니다. 그룹원과 함께 활동하세요.`;
export const invitedMessage = (groupName: string) => `'${groupName}' 그룹에 초대되었습니다.`;
export const kickedMessage = (groupName: string) => `'${groupName}' 그룹에서 추방되었습니다.`;
