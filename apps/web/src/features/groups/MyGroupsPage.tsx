import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { alertFailure } from '../../shared/api/client';
import { EmptyState } from '../../shared/ui/EmptyState';
import { keys } from '../../shared/api/keys';
import { failureText, groupsApi, useDeleteGroup, useLeave, useMyGroups, type MyGroup } from './api';
import { EditGroupDialog } from './EditGroupDialog';
import { finishOf } from './teams-api';

const TYPE_LABELS = { PROJECT: '프로젝트', STUDY_GROUP: '스터디그룹' } as const;

/** /my-groups: a card per group; admins edit and delete, members leave; a click opens the group. */
export default function MyGroupsPage() {
  const navigate = useNavigate();
  const groups = useMyGroups();
  const remove = useDeleteGroup();
  const leave = useLeave();
  const [editing, setEditing] = useState<MyGroup | null>(null);
  const queryClient = useQueryClient();

  const onDelete = async (g: MyGroup) => {
    // a completed group cannot be deleted: say why instead of asking (the card does not carry the status)
    const group = await queryClient
      .fetchQuery({ queryKey: keys.groups.detail(String(g.id)), queryFn: () => groupsApi.group(String(g.id)) })
      .catch(() => null);
    if (group && finishOf(group).status === 'COMPLETED') {
      alert('완료된 그룹은 삭제할 수 없습니다. 공개를 멈추려면 그룹 페이지에서 쇼케이스를 끄세요.');
      return;
    }
    if (!confirm(`정말 '${g.name}' 그룹을 삭제하시겠습니까?`)) return;
    remove.mutate(g.id, {
      onSuccess: () => alert('그룹 삭제 완료'),
      onError: (e) => alertFailure(e, failureText(e, '삭제 실패')),
    });
  };
  const onLeave = (g: MyGroup) => {
    if (!confirm(`정말 '${g.name}' 그룹에서 탈퇴하시겠습니까?`)) return;
    leave.mutate(g.id, { onSuccess: () => alert('그룹 탈퇴 완료'), onError: (e) => alertFailure(e, '그룹 탈퇴 실패') });
  };

  return (
    <div className="page flex flex-col gap-6">
      <h1 className="text-2xl font-bold">내 그룹</h1>
      {groups.isPending && <p className="py-12 text-center text-gray-600">불러오는 중...</p>}
      {groups.isError && (
        <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
          <p>그룹 정보를 불러오지 못했습니다.</p>
          <button type="button" className="btn-secondary" onClick={() => void groups.refetch()}>
            다시 시도
          </button>
        </div>
      )}
      {groups.data?.length === 0 && <EmptyState text="참여 중인 그룹이 없습니다." />}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.data?.map((g) => (
          <li key={g.id} className="card flex flex-col gap-3 p-4" data-testid="my-group">
            <button
              type="button"
              className="flex flex-col items-start gap-1 text-left"
              onClick={() => navigate(`/groups/${g.id}`)}
            >
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  g.type === 'PROJECT' ? 'bg-indigo-100 text-indigo-700' : 'bg-amber-100 text-amber-700'
                }`}
              >
                {TYPE_LABELS[g.type]}
              </span>
              <span className="text-lg font-semibold break-all">{g.name}</span>
              <span className="line-clamp-3 text-sm break-all text-gray-600">{g.description}</span>
            </button>
            <div className="mt-auto flex justify-end gap-2">
              {g.admin ? (
                <>
                  <button type="button" className="btn-secondary px-3 py-1" onClick={() => setEditing(g)}>
                    수정
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1 text-red-600" onClick={() => void onDelete(g)}>
                    삭제
                  </button>
                </>
              ) : (
                <button type="button" className="btn-secondary px-3 py-1 text-red-600" onClick={() => onLeave(g)}>
                  탈퇴
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {editing && <EditGroupDialog group={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
