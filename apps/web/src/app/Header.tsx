import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { auth } from '../shared/auth/store';
import { useMe } from '../shared/auth/useMe';
import { UnreadBadge } from '../features/messages/UnreadBadge';
import { chatLauncher, useOpenChatRoom } from '../features/chat/launcher';
import { ChatListPanel, ChatRoomModal, InboxPanel, OperatorMenuItem } from './header-slots';
import { ChatIcon, MailIcon, MenuIcon } from './icons';

const MENU = [
  { to: '/myinfo', label: '내 정보' },
  { to: '/my-posts', label: '내 공고' },
  { to: '/bookmarks', label: '관심 공고' },
  { to: '/my-groups', label: '내 그룹' },
  { to: '/my-boards', label: '내 게시글' },
];

type Panel = 'inbox' | 'chat' | 'menu' | null;

export function Header() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [panel, setPanel] = useState<Panel>(null);
  const openChatRoomId = useOpenChatRoom();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setPanel(null);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const toggle = (p: Panel) => setPanel((cur) => (cur === p ? null : p));

  // Leave the page first: clearing the session on a protected page would trigger its login guard.
  const logout = async () => {
    await navigate('/', { replace: true, flushSync: true });
    auth.clear();
    alert('로그아웃 되었습니다.');
  };

  /** A logged-out visitor who picks a member-only entry is asked to log in first (and comes back to `from`). */
  const askLogin = (from: string) => {
    setPanel(null);
    if (confirm('로그인이 필요한 서비스입니다. 로그인 페이지로 이동하시겠습니까?')) navigate('/login', { state: { from } });
  };

  const openMenuItem = (to: string) => {
    if (!me) return askLogin(to);
    setPanel(null);
    navigate(to);
  };

  const openPanel = (p: 'inbox' | 'chat') =>
    me ? toggle(p) : askLogin(p === 'inbox' ? '/messages' : `${location.pathname}${location.search}`);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4" ref={ref}>
        <Link to="/" className="shrink-0 whitespace-nowrap text-xl font-extrabold text-indigo-600" title="홈으로">
          팀메이트
        </Link>
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          {me ? (
            <>
              <span className="min-w-0 max-w-[6rem] truncate text-sm sm:max-w-none" data-testid="greeting">
                <b>{me.nickname}</b>님 환영합니다
              </span>
              <button type="button" className="btn-secondary px-2.5 sm:px-4" onClick={logout}>
                로그아웃
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn-secondary px-2.5 sm:px-4" onClick={() => navigate('/login')}>
                로그인
              </button>
              <button type="button" className="btn-primary px-2.5 sm:px-4" onClick={() => navigate('/register')}>
                회원가입
              </button>
            </>
          )}
          <IconButton
            label="쪽지함"
            onClick={() => openPanel('inbox')}
            panel={me && panel === 'inbox' && <InboxPanel onClose={() => setPanel(null)} />}
          >
            <MailIcon />
            {me && <UnreadBadge />}
          </IconButton>
          <IconButton
            label="채팅방 목록"
            onClick={() => openPanel('chat')}
            panel={me && panel === 'chat' && <ChatListPanel onClose={() => setPanel(null)} />}
          >
            <ChatIcon />
          </IconButton>
          <IconButton
            label="메뉴"
            onClick={() => toggle('menu')}
            panel={
              panel === 'menu' && (
                <ul
                  className="absolute right-0 top-12 w-44 overflow-hidden rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
                  role="menu"
                >
                  {MENU.map((m) => (
                    <li key={m.to}>
                      <button
                        type="button"
                        role="menuitem"
                        className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100"
                        onClick={() => openMenuItem(m.to)}
                      >
                        {m.label}
                      </button>
                    </li>
                  ))}
                  {me && (
                    <Suspense fallback={null}>
                      <OperatorMenuItem onSelect={openMenuItem} />
                    </Suspense>
                  )}
                </ul>
              )
            }
          >
            <MenuIcon />
          </IconButton>
        </div>
      </div>
      {me && openChatRoomId !== null && (
        <Suspense fallback={null}>
          <ChatRoomModal roomId={openChatRoomId} onClose={chatLauncher.close} />
        </Suspense>
      )}
    </header>
  );
}

/** A round header icon with the panel it opens below it; lazy panels show nothing while they load. */
function IconButton({
  label,
  onClick,
  panel,
  children,
}: {
  label: string;
  onClick(): void;
  panel?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      <button
        type="button"
        className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 sm:h-10 sm:w-10"
        onClick={onClick}
      >
        {/* the name comes from the content, so it includes a visible unread number (label in name) */}
        <span className="sr-only">{label}</span>
        {children}
      </button>
      {panel && <Suspense fallback={null}>{panel}</Suspense>}
    </div>
  );
}
