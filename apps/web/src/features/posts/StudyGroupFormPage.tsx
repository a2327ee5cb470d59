import { useCallback, useState } from 'react';
import { DatePicker } from '../../shared/ui/DatePicker';
import { Field } from '../../shared/ui/Field';
import type { PostDetail } from './api';
import { FormShell } from './FormShell';
import { STUDY_GROUP } from './kinds';
import { MembersInput } from './MembersInput';
import { clampMembers, FILL_ALL } from './form-rules';
import { usePostForm } from './usePostForm';

/** /study-group/register and /study-group/edit/{id}. */
export default function StudyGroupFormPage() {
  const [title, setTitle] = useState('');
  const [topic, setTopic] = useState('');
  const [members, setMembers] = useState('2');
  const [dueDate, setDueDate] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [description, setDescription] = useState('');

  const fill = useCallback((p: PostDetail) => {
    setTitle(p.title);
    setTopic(p.topic);
    setMembers(String(p.totalMembers));
    setDueDate(p.dueDate);
    setStartDate(p.startDate ?? '');
    setEndDate(p.endDate ?? '');
    setDescription(p.description);
  }, []);
  const form = usePostForm(STUDY_GROUP, 'studyGroupId', fill);

  const submit = () => {
    const totalMembers = Number(clampMembers(members));
    if (!title.trim() || !topic.trim() || !description.trim() || totalMembers < 2 || !dueDate || !startDate || !endDate) return alert(FILL_ALL);
    if (endDate <= startDate) return alert('스터디 종료일은 시작일보다 이후여야 합니다.');
    void form.save({ title: title.trim(), topic: topic.trim(), description: description.trim(), totalMembers, dueDate, startDate, endDate });
  };

  if (!form.ready) return <div className="page" />;

  return (
    <FormShell
      heading={form.editing ? '스터디 공고 수정' : '스터디 공고 등록'}
      busy={form.busy}
      submitLabel={form.editing ? '수정하기' : '등록하기'}
      onSubmit={submit}
      onBack={form.back}
    >
      <Field label="제목" htmlFor="post-title">
        <input id="post-title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={50} />
      </Field>
      <Field label="주제" htmlFor="post-topic">
        <input id="post-topic" className="input" value={topic} onChange={(e) => setTopic(e.target.value)} maxLength={50} />
      </Field>
      <Field label="모집 인원" htmlFor="post-members">
        <MembersInput id="post-members" value={members} onChange={setMembers} />
      </Field>
      <Field label="마감일" htmlFor="post-due">
        <DatePicker id="post-due" label="마감일" value={dueDate} onChange={setDueDate} />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="스터디 시작일" htmlFor="post-start">
          <DatePicker id="post-start" label="스터디 시작일" value={startDate} onChange={setStartDate} />
        </Field>
        <Field label="스터디 종료일" htmlFor="post-end">
          <DatePicker id="post-end" label="스터디 종료일" value={endDate} onChange={setEndDate} />
        </Field>
      </div>
      <Field label="설명" htmlFor="post-description">
        <textarea id="post-description" className="input min-h-48" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
      </Field>
    </FormShell>
  );
}
