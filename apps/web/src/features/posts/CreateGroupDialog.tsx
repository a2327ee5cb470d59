import { useState, type FormEvent } from 'react';
import { alertFailure, errorText } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { Modal } from '../../shared/ui/Modal';
import { FormButtons } from '../../shared/ui/FormButtons';
import { useCreateGroup, type MyPost } from './api';

interface CreateGroupDialogProps {
  post: MyPost;
  onClose(): void;
  onCreated(group: { id: number; name: string }): void;
}

/** A closed post becomes a group: name and description, the type follows the post. */
export function CreateGroupDialog({ post, onClose, onCreated }: CreateGroupDialogProps) {
  const [name, setName] = useState(post.title.slice(0, 50));
  const [description, setDescription] = useState('');
  const creating = useCreateGroup();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (creating.isPending) return;
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
        <Field label="그룹 이름" htmlFor="group-name">
          <input id="group-name" className="input" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="그룹 설명" htmlFor="group-description">
          <textarea id="group-description" className="input min-h-24" value={description} maxLength={255} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <FormButtons cancelLabel="취소" onCancel={onClose} submitLabel="생성하기" busy={creating.isPending} />
      </form>
    </Modal>
  );
}
