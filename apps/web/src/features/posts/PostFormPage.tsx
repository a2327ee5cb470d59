import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { DatePicker } from '../../shared/ui/DatePicker';
import { Field } from '../../shared/ui/Field';
import { FormProblem } from '../../shared/ui/PageNotes';
import { TagInput } from '../../shared/ui/TagInput';
import { fromContract, refuseOverLimit, tooLongText, type LimitText } from '../../shared/ui/text-limit';
import { TextField } from '../../shared/ui/TextField';
import type { PostDetail } from './api';
import { FormShell } from './FormShell';
import { EMPTY_POST_FORM, postBody, type PostFormValues } from './form-rules';
import { kindOfFormPath, RECRUITMENT, STUDY_GROUP, type PostFormField, type PostKind } from './kinds';
import { MembersInput } from './MembersInput';
import { usePostForm } from './usePostForm';

const TOPIC_MAX = 50;
const TAG_MAX = 20;

/** Each kind's texts for a field past its limit, as the contract's schemas refuse it (read when first needed). */
const TOO_LONG: Record<PostKind['key'], { title: LimitText; topic: LimitText; description: LimitText; tag: LimitText }> = {
  recruitment: {
    title: fromContract((c) => tooLongText(c.recruitmentBody.shape.title, RECRUITMENT.form.titleMax)),
    topic: fromContract((c) => tooLongText(c.recruitmentBody.shape.topic, TOPIC_MAX)),
    description: fromContract((c) => tooLongText(c.recruitmentBody.shape.description, RECRUITMENT.form.descriptionMax)),
    tag: fromContract((c) => tooLongText(c.recruitmentBody.shape.tags, TAG_MAX, true)),
  },
  'study-group': {
    title: fromContract((c) => tooLongText(c.studyGroupBody.shape.title, STUDY_GROUP.form.titleMax)),
    topic: fromContract((c) => tooLongText(c.studyGroupBody.shape.topic, TOPIC_MAX)),
    description: fromContract((c) => tooLongText(c.studyGroupBody.shape.description, STUDY_GROUP.form.descriptionMax)),
    tag: '',
  },
};

type Setters = { [K in keyof PostFormValues]: (value: PostFormValues[K]) => void };

/** The form's values with one stable setter per field (the headcount box's clamp timer depends on it). */
function useFormValues() {
  const [values, setValues] = useState(EMPTY_POST_FORM);
  const [set] = useState(
    () =>
      Object.fromEntries(
        Object.keys(EMPTY_POST_FORM).map((name) => [name, (value: unknown) => setValues((v) => ({ ...v, [name]: value }))]),
      ) as Setters,
  );
  return { values, setValues, set };
}

const valuesOf = (p: PostDetail): PostFormValues => ({
  title: p.title,
  topic: p.topic,
  members: String(p.totalMembers),
  dueDate: p.dueDate,
  startDate: p.startDate ?? '',
  endDate: p.endDate ?? '',
  tags: p.tags ?? [],
  description: p.description,
});

/**
 * /recruitment/register, /recruitment/edit/{id}, /study-group/register and /study-group/edit/{id}: one form,
 * its fields, limits and texts taken from the kind of the path.
 */
export default function PostFormPage() {
  const kind = kindOfFormPath(useLocation().pathname);
  return <PostForm key={kind.key} kind={kind} />;
}

function PostForm({ kind }: { kind: PostKind }) {
  const { values, setValues, set } = useFormValues();
  const fill = useCallback((p: PostDetail) => setValues(valuesOf(p)), [setValues]);
  const form = usePostForm(kind, fill);

  const submit = () => {
    const limited = [
      { id: 'post-title', value: values.title, max: kind.form.titleMax },
      { id: 'post-topic', value: values.topic, max: TOPIC_MAX },
      { id: 'post-description', value: values.description, max: kind.form.descriptionMax },
    ];
    if (refuseOverLimit(limited)) return;
    const checked = postBody(kind, values);
    if ('problem' in checked) return alert(checked.problem);
    form.save(checked.body);
  };

  if (!form.ready) return <div className="page" />;

  return (
    <FormShell
      heading={`${kind.name} 공고 ${form.editing ? '수정' : '등록'}`}
      busy={form.busy}
      submitLabel={form.editing ? '수정하기' : '등록하기'}
      onSubmit={submit}
      onBack={form.back}
    >
      {kind.form.fields.map((name) => (
        <PostField key={name} name={name} kind={kind} values={values} set={set} />
      ))}
      <FormProblem text={form.problem} />
    </FormShell>
  );
}

function PostField({ name, kind, values, set }: { name: PostFormField; kind: PostKind; values: PostFormValues; set: Setters }) {
  switch (name) {
    case 'title':
      return (
        <TextField
          label="제목"
          id="post-title"
          value={values.title}
          onChange={set.title}
          max={kind.form.titleMax}
          tooLong={TOO_LONG[kind.key].title}
        />
      );
    case 'dueDate':
      return (
        <Field label="마감일" htmlFor="post-due">
          <DatePicker id="post-due" label="마감일" value={values.dueDate} onChange={set.dueDate} />
        </Field>
      );
    case 'topic':
      return (
        <TextField
          label="주제"
          id="post-topic"
          value={values.topic}
          onChange={set.topic}
          max={TOPIC_MAX}
          tooLong={TOO_LONG[kind.key].topic}
        />
      );
    case 'members':
      return (
        <Field label="모집 인원" htmlFor="post-members">
          <MembersInput id="post-members" value={values.members} onChange={set.members} />
        </Field>
      );
    case 'tags':
      return (
        <Field label="기술 태그" htmlFor="post-tags">
          <TagInput
            id="post-tags"
            label="기술 태그"
            tags={values.tags}
            onChange={set.tags}
            placeholder="태그 입력 후 Enter"
            itemLimit={{ max: TAG_MAX, tooLong: TOO_LONG[kind.key].tag }}
          />
        </Field>
      );
    case 'period':
      return (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="스터디 시작일" htmlFor="post-start">
            <DatePicker id="post-start" label="스터디 시작일" value={values.startDate} onChange={set.startDate} />
          </Field>
          <Field label="스터디 종료일" htmlFor="post-end">
            <DatePicker id="post-end" label="스터디 종료일" value={values.endDate} onChange={set.endDate} />
          </Field>
        </div>
      );
    case 'description':
      return (
        <TextField
          label="설명"
          id="post-description"
          value={values.description}
          onChange={set.description}
          max={kind.form.descriptionMax}
          tooLong={TOO_LONG[kind.key].description}
          textarea="min-h-48"
        />
      );
  }
}
