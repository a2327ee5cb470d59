import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { alertFailure } from '../../shared/api/client';
import { useMe } from '../../shared/auth/useMe';
import { Modal } from '../../shared/ui/Modal';
import { RecordLine } from '../../shared/ui/RecordLine';
import { failureText, findMe, useGroup, useInvite, useKick, useLeave, useMembers, type GroupMember } from './api';
import { GroupLoadError } from './GroupLoadError';
import { finishOf, recordOf } from './teams-api';
import { PageLoading } from '../../shared/ui/PageLoading';

/**
 * /groups/{groupId}/members: roles, NEW for the just invited; the admin invites and kicks, a member leaves;
 * anyone may block (차단하기) another member, with the 차단 area's button the app passes as `blockMember`. Each
 * nickname opens the person's record, shown in short on the row; a completed group invites and kicks no more.
 */
export function MembersPage({ blockMember }: { blockMember: (member: GroupMember) => ReactNode }) {
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const members = useMembers(groupId);
  const group = useGroup(groupId);
  const myself = useMe();
  const kick = useKick();
  const leave = useLeave();
  const [inviting, setInviting] = useState(false);

  if (members.isPending) return <PageLoading />;
  if (members.isError) return <GroupLoadError error={members.error} onRetry={() => void members.refetch()} />;

  const me = findMe(members.data, myself);
  const admin = me?.role === 'ADMIN';
  const id = Number(groupId);
  const completed = group.data !== undefined && finishOf(group.data).status === 'COMPLETED';

  const onKick = (m: GroupMember) => {
    if (!confirm(`${m.nickname}님을 그룹에서 추방하시겠습니까?`)) return;
    kick.mutate(
      { groupId: id, userId: m.userId },
      { onSuccess: () => alert('추방 완료'), onError: (e) => alertFailure(e, '추방 실패') },
    );
  };
  const onLeave = () => {
    if (!confirm('정말 그룹에서 탈퇴하시겠습니까?')) return;
    leave.mutate(id, {
      onSuccess: () => {
        alert('그룹에서 탈퇴하였습니다.');
        navigate('/my-groups', { replace: true });
      },
      onError: (e) => alertFailure(e, failureText(e, '탈퇴 실패')),
    });
  };

  return (
    <div className="page flex max-w-2xl flex-col gap-5">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">그룹 멤버</h1>
        <div className="flex gap-2">
          {admin && !completed && (
            <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
              초대하기
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={() => navigate(`/groups/${groupId}`)}>
            뒤로가기
          </button>
        </div>
      </div>
      {admin && completed && (
        <p className="text-sm text-gray-600" data-testid="completed-note">
          완료된 그룹이라 초대와 추방을 할 수 없어요.
        </p>
      )}
      <ul className="card divide-y divide-gray-100">
        {members.data.map((m) => (
          <li key={m.userId} className="flex items-center justify-between gap-3 px-4 py-3" data-testid="member-row">
            <div className="flex min-w-0 flex-col gap-0.5">
              <div className="flex min-w-0 items-center gap-2">
                <Link
                  to={`/users/${m.userId}`}
                  state={{ nickname: m.nickname }}
                  className="truncate font-medium underline decoration-gray-300 underline-offset-4 hover:decoration-current"
                >
                  {m.nickname}
                </Link>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${
                    m.role === 'ADMIN' ? 'bg-indigo-100 text-indigo-700' : 'bg-gray-100 text-gray-600'
                  }`}
                >
                  {m.role === 'ADMIN' ? '관리자' : '멤버'}
                </span>
                {m.new && (
                  <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-[10px] font-bold text-white">NEW</span>
                )}
              </div>
              <RecordLine record={recordOf(m)} />
            </div>
            <div className="flex shrink-0 gap-2">
              {m.userId !== me?.userId && blockMember(m)}
              {admin && !completed && m.role !== 'ADMIN' && (
                <button type="button" className="btn-secondary px-3 py-1 text-red-600" onClick={() => onKick(m)}>
                  추방
                </button>
              )}
              {!admin && m.userId === me?.userId && (
                <button type="button" className="btn-secondary px-3 py-1 text-red-600" onClick={onLeave}>
                  탈퇴
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {inviting && <InviteDialog groupId={id} onClose={() => setInviting(false)} />}
    </div>
  );
}

function InviteDialog({ groupId, onClose }: { groupId: number; onClose(): void }) {
  const [nickname, setNickname] = useState('');
  const invite = useInvite();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = nickname.trim();
    if (!name) {
      alert('닉네임을 입력하세요.');
      return;
    }
    if (!confirm(`${name}님을 그룹에 초대하시겠습니까?`)) return;
    invite.mutate(
      { groupId, nickname: name },
      {
        onSuccess: () => {
          alert('초대가 성공적으로 완료되었습니다.');
          onClose();
        },
        onError: (err) => alertFailure(err, failureText(err, '초대 실패')),
      },
    );
  };
  return (
    <Modal title="멤버 초대" onClose={onClose} width={400}>
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <label className="text-sm font-medium text-gray-700" htmlFor="invite-nickname">
          초대할 닉네임
        </label>
        <input
          id="invite-nickname"
          className="input"
          value={nickname}
          autoFocus
          placeholder="닉네임을 입력하세요."
          onChange={(e) => setNickname(e.target.value)}
          // Enter that confirms a Hangul syllable must not submit the half-typed name
          onKeyDown={(e) => e.key === 'Enter' && e.nativeEvent.isComposing && e.preventDefault()}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            취소
          </button>
          <button type="submit" className="btn-primary" disabled={invite.isPending}>
            초대
          </button>
        </div>
      </form>
    </Modal>
  );
}
