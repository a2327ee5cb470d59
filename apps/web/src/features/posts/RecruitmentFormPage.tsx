import { useCallback, useState } from 'react';
import { DatePicker } from '../../shared/ui/DatePicker';
import { Field } from '../../shared/ui/Field';
import { TagInput } from '../../shared/ui/TagInput';
import type { PostDetail } from './api';
import { FormShell } from './FormShell';
import { RECRUITMENT } from './kinds';
import { MembersInput } from './MembersInput';
import { clampMembers, FILL_ALL } from './form-rules';
import { usePostForm } from './usePostForm';

/** /recruitment/register and /recruitment/edit/{id}. */
export default function RecruitmentFormPage() {
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [topic, setTopic] = useState('');
  const [members, setMembers] = useState('2');
  const [tags, setTags] = useState<string[]>([]);
  const [description, setDescription] = useState('');

  const fill = useCallback((p: PostDetail) => {
    setTitle(p.title);
    setDueDate(p.dueDate);
    setTopic(p.topic);
    setMembers(String(p.totalMembers));
    setTags(p.tags ?? []);
    setDescription(p.description);
  }, []);
  const form = usePostForm(RECRUITMENT, 'recruitmentId', fill);

  const submit = () => {
    const totalMembers = Number(clampMembers(members));
    if (!title.trim() || !description.trim() || !topic.trim() || !dueDate || totalMembers < 2) return alert(FILL_ALL);
    void form.save({ title: title.trim(), description: description.trim(), topic: topic.trim(), totalMembers, dueDate, tags });
  };

  if (!form.ready) return <div className="page" />;

  return (
    <FormShell
      heading={form.editing ? '프로젝트 공고 수정' : '프로젝트 공고 등록'}
      busy={form.busy}
      submitLabel={form.editing ? '수정하기' : '등록하기'}
      onSubmit={submit}
      onBack={form.back}
    >
      <Field label="제목" htmlFor="post-title">
        <input id="post-title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
      </Field>
      <Field label="마감일" htmlFor="post-due">
        <DatePicker id="post-due" label="마감일" value={dueDate} onChange={setDueDate} />
      </Field>
      <Field label="주제" htmlFor="post-topic">
        <input id="post-topic" className="input" value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={50} />
      </Field>
      <Field label="모집 인원" htmlFor="post-members">
        <MembersInput id="post-members" value={members} onChange={setMembers} />
      </Field>
      <Field label="기술 태그" htmlFor="post-tags">
        <TagInput id="post-tags" label="기술 태그" tags={tags} onChange={setTags} placeholder="태그 입력 후 Enter" />
      </Field>
      <Field label="설명" htmlFor="post-description">
        <textarea id="post-description" className="input min-h-48" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
      </Field>
    </FormShell>
  );
}
