import { useState, type FormEvent } from 'react';
import { alertFailure, errorText } from '../../shared/api/client';
import { Modal } from '../../shared/ui/Modal';
import { fromContract, refuseOverLimit, tooLongText } from '../../shared/ui/text-limit';
import { TextField } from '../../shared/ui/TextField';
import { FormButtons } from '../../shared/ui/FormButtons';
import { useCreateGroup, type MyPost } from './api';

const NAME_MAX = 50;
const DESCRIPTION_MAX = 255;
const NAME_TOO_LONG = fromContract((c) => c.GROUP_NAME_TEXT);
const DESCRIPTION_TOO_LONG = fromContract((c) => tooLongText(c.groupInfoFields.description, DESCRIPTION_MAX));

interface CreateGroupDialogProps {
  post: MyPost;
  onClose(): void;
  onCreated(group: { id: number; name: string }): void;
}

/** A closed post becomes a group: name and description, the type follows the post. */
export function CreateGroupDialog({ post, onClose, onCreated }: CreateGroupDialogProps) {
  // the post's whole title is offered: a longer one says the limit and waits to be shortened by the person
  const [name, setName] = useState(post.title);
  const [description, setDescription] = useState('');
  const creating = useCreateGroup();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (creating.isPending) return;
    const limited = [
      { id: 'group-name', value: name, max: NAME_MAX },
      { id: 'group-description', value: description, max: DESCRIPTION_MAX },
    ];
    if (refuseOverLimit(limited)) return;
    const type = post.postType === 'RECRUITMENT' ? 'PROJECT' : 'STUDY_GROUP';
    creating.mutate(
      { basePostId: post.basePostId, name: name.trim(), description: description.trim(), type },
      {
        onSuccess: (group) => {
          alert('그룹이 생성되었습니다.');
          onCreated({ id: group.id, name: name.trim() });
        },
        onError: (err) => alertFailure(err, `그룹 생성 실패: ${errorText(err)}`),
      },
    );
  };

  return (
    <Modal title="그룹 생성" onClose={onClose}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField label="그룹 이름" id="group-name" value={name} max={NAME_MAX} tooLong={NAME_TOO_LONG} onChange={setName} />
        <TextField
          label="그룹 설명"
          id="group-description"
          value={description}
          max={DESCRIPTION_MAX}
          tooLong={DESCRIPTION_TOO_LONG}
          onChange={setDescription}
          textarea="min-h-24"
        />
        <FormButtons cancelLabel="취소" onCancel={onClose} submitLabel="생성하기" busy={creating.isPending} />
      </form>
    </Modal>
  );
}
