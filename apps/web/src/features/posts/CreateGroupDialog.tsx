import { useState, type FormEvent } from 'react';
import { alertFailure, errorText } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { Modal } from '../../shared/ui/Modal';
import { postsApi, type MyPost } from './api';

interface CreateGroupDialogProps {
  post: MyPost;
  onClose(): void;
  onCreated(group: { id: number; name: string }): void;
}

/** A closed post becomes a group: name and description, the type follows the post. */
export function CreateGroupDialog({ post, onClose, onCreated }: CreateGroupDialogProps) {
  const [name, setName] = useState(post.title.slice(0, 50));
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const group = await postsApi.createGroup({
        basePostId: post.basePostId,
        name: name.trim(),
        description: description.trim(),
        type: post.postType === 'RECRUITMENT' ? 'PROJECT' : 'STUDY_GROUP',
      });
      alert('그룹이 생성되었습니다.');
      onCreated({ id: group.id, name: name.trim() });
    } catch (err) {
      alertFailure(err, `그룹 생성 실패: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
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
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            취소
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            생성하기
          </button>
        </div>
      </form>
    </Modal>
  );
}
