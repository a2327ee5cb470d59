import { GROUP_NAME_TEXT, groupInfoFields } from '@app/contract';
import { useState, type FormEvent } from 'react';
import { alertFailure } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { LimitNote } from '../../shared/ui/LimitNote';
import { Modal } from '../../shared/ui/Modal';
import { refuseOverLimit, tooLongText } from '../../shared/ui/text-limit';
import { useTextLimit } from '../../shared/ui/useTextLimit';
import { failureText, useUpdateGroup, type MyGroup } from './api';

const NAME_MAX = 50;
const DESCRIPTION_MAX = 255;
const DESCRIPTION_TOO_LONG = tooLongText(groupInfoFields.description, DESCRIPTION_MAX);

/** The admin's edit of name and description, both trimmed. */
export function EditGroupDialog({ group, onClose }: { group: MyGroup; onClose(): void }) {
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const update = useUpdateGroup();
  const nameLimit = useTextLimit('edit-group-name', name, NAME_MAX, GROUP_NAME_TEXT);
  const descriptionLimit = useTextLimit('edit-group-description', description, DESCRIPTION_MAX, DESCRIPTION_TOO_LONG);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (refuseOverLimit([nameLimit, descriptionLimit])) return;
    update.mutate(
      { groupId: group.id, body: { name: name.trim(), description: description.trim() } },
      {
        onSuccess: () => {
          alert('그룹의 정보가 성공적으로 수정되었습니다.');
          onClose();
        },
        onError: (err) => alertFailure(err, failureText(err, '그룹 정보 수정 실패')),
      },
    );
  };

  return (
    <Modal title="그룹 정보 수정" onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label="그룹 이름" htmlFor="edit-group-name">
          <input
            id="edit-group-name"
            className="input"
            value={name}
            {...nameLimit.control}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && e.nativeEvent.isComposing && e.preventDefault()}
          />
          <LimitNote limit={nameLimit} />
        </Field>
        <Field label="그룹 설명" htmlFor="edit-group-description">
          <textarea
            id="edit-group-description"
            className="input h-28 resize-none"
            value={description}
            {...descriptionLimit.control}
            onChange={(e) => setDescription(e.target.value)}
          />
          <LimitNote limit={descriptionLimit} />
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            취소
          </button>
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            수정하기
          </button>
        </div>
      </form>
    </Modal>
  );
}
