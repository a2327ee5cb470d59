/**
 * Every query key of the web app, in one place: an invalidation names the same key as the read, so a rename
 * cannot silently break it, and no area writes another area's key by hand.
 *
 * Reads whose answer depends on who is signed in (their own data, or a post's contact that only members see)
 * live under `keys.session`: the session owner (shared/auth/session.ts) drops all of them when the session
 * changes. Public reads (lists, popular posts, boards) live outside it and stay.
 */
const SESSION = 'session';

export const keys = {
  /** the prefix of every per-person read */
  session: [SESSION] as const,
  /** my account's details (GET /users/me); who I am is the session's (shared/auth/useMe.ts) */
  account: [SESSION, 'account'] as const,
  profile: [SESSION, 'profile'] as const,
  myApplications: [SESSION, 'applications'] as const,
  /** the sign-in methods of my account (GET /users/me/identities) */
  identities: [SESSION, 'identities'] as const,
  /** the configured social sign-in providers (public) */
  oauthProviders: ['oauth-providers'] as const,

  posts: {
    /** a prefix of the list pages of one kind (public) */
    list: (kind: string) => ['posts', kind, 'list'] as const,
    popularTags: ['posts', 'popular-tags'] as const,
    /** the detail shows the author's contact to members only */
    detail: (kind: string, id: string) => [SESSION, 'posts', kind, 'detail', id] as const,
    edit: (kind: string, id: string | undefined) => [SESSION, 'posts', kind, 'edit', id] as const,
    mine: [SESSION, 'posts', 'mine'] as const,
    allApplicants: [SESSION, 'posts', 'applicants'] as const,
    applicants: (basePostId: string) => [SESSION, 'posts', 'applicants', basePostId] as const,
  },

  popular: {
    recruitments: ['popular', 'recruitments'] as const,
    studyGroups: ['popular', 'study-groups'] as const,
    boards: ['popular', 'boards'] as const,
  },

  bookmarks: {
    all: [SESSION, 'bookmarks'] as const,
    ids: [SESSION, 'bookmarks', 'ids'] as const,
    state: (postId: number) => [SESSION, 'bookmarks', 'state', postId] as const,
    lists: [SESSION, 'bookmarks', 'list'] as const,
    list: (page: number) => [SESSION, 'bookmarks', 'list', page] as const,
  },

  /** every 쪽지 read: one invalidation of `all` refreshes the badge, the dropdown and the inbox */
  messages: {
    all: [SESSION, 'messages'] as const,
    unreadCount: [SESSION, 'messages', 'unread-count'] as const,
    recent: [SESSION, 'messages', 'recent'] as const,
    inboxPages: [SESSION, 'messages', 'inbox'] as const,
    inbox: (page: number) => [SESSION, 'messages', 'inbox', page] as const,
  },
  /** one opened 쪽지, outside `messages.all`: the lists' refreshes never read an open (or deleted) one again */
  message: (id: number) => [SESSION, 'message', id] as const,
  /** my 차단 목록 */
  blocks: [SESSION, 'blocks'] as const,
  /** my 알림 설정 (which types reach me by e-mail and by push) */
  notificationSettings: [SESSION, 'notification-settings'] as const,
  /** the server's VAPID public key (the same for everyone) */
  pushPublicKey: ['push', 'public-key'] as const,

  /** every chat read: closing a room refreshes the list and the badges at once */
  chat: {
    all: [SESSION, 'chat'] as const,
    rooms: [SESSION, 'chat', 'rooms'] as const,
    room: (roomId: number) => [SESSION, 'chat', 'room', roomId] as const,
    history: (roomId: number) => [SESSION, 'chat', 'history', roomId] as const,
    unreadAll: [SESSION, 'chat', 'unread'] as const,
    unread: (roomId: number) => [SESSION, 'chat', 'unread', roomId] as const,
    exists: (groupId: number) => [SESSION, 'chat', 'exists', groupId] as const,
  },

  groups: {
    all: [SESSION, 'groups'] as const,
    detail: (id: string) => [SESSION, 'groups', 'detail', id] as const,
    members: (id: string) => [SESSION, 'groups', 'members', id] as const,
    mine: [SESSION, 'groups', 'mine'] as const,
    schedules: (groupId: string) => [SESSION, 'groups', 'schedules', groupId] as const,
    totals: (groupId: string) => [SESSION, 'groups', 'schedules', groupId, 'total'] as const,
    day: (groupId: string, date: string) => [SESSION, 'groups', 'schedules', groupId, 'day', date] as const,
    notices: (groupId: number) => [SESSION, 'groups', 'notices', groupId] as const,
    links: (groupId: number) => [SESSION, 'groups', 'links', groupId] as const,
    /** my secret calendar address of the group */
    calendarFeed: (groupId: number) => [SESSION, 'groups', 'calendar-feed', groupId] as const,
    /** the admin's showcase switch and my consent */
    showcase: (groupId: number) => [SESSION, 'groups', 'showcase', groupId] as const,
    /** 팀원 평가 of a completed group: whom I still review, whom I reviewed, what was revealed to me */
    reviews: (groupId: string) => [SESSION, 'groups', 'reviews', groupId] as const,
  },

  /** a person's public record (joined, completed, left early, tag counts) */
  record: (userId: string) => ['record', userId] as const,
  /** whose page a nickname leads to */
  userLookup: (nickname: string) => ['users', 'lookup', nickname] as const,

  /** the public showcase reads (completed groups shown to everyone) */
  showcase: {
    all: ['showcase'] as const,
    list: (page: number) => ['showcase', 'list', page] as const,
    detail: (groupId: string) => ['showcase', 'detail', groupId] as const,
  },

  /** the operators' reads (/admin): the report queue by status and page, the audit log by page */
  admin: {
    all: [SESSION, 'admin'] as const,
    reports: (status: string, page: number) => [SESSION, 'admin', 'reports', status, page] as const,
    audit: (page: number) => [SESSION, 'admin', 'audit', page] as const,
  },

  boards: {
    /** the public board reads (lists and details) */
    all: ['boards'] as const,
    search: (params: object) => ['boards', 'search', params] as const,
    detail: (id: string, page: number) => ['boards', 'detail', id, page] as const,
    mine: [SESSION, 'boards', 'mine'] as const,
    minePage: (page: number) => [SESSION, 'boards', 'mine', page] as const,
  },
};
