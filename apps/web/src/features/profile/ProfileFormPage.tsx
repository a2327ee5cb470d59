import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { alertFailure, errorText } from '../../shared/api/client';
import { Field } from '../../shared/ui/Field';
import { FormButtons } from '../../shared/ui/FormButtons';
import { joinPhone, PhoneInput, splitPhone } from '../../shared/ui/PhoneInput';
import { TagInput } from '../../shared/ui/TagInput';
import { fromContract, refuseOverLimit, tooLongText } from '../../shared/ui/text-limit';
import { TextField } from '../../shared/ui/TextField';
import { PRIVATE_CONTACT, useMyProfile, useSaveProfile, type Profile } from './api';
import { NoProfile } from './NoProfile';

type Parts = [string, string, string];

const FIELD_MAX = 50;
const STACK_MAX = 30;
const FIELD_TOO_LONG = fromContract((c) => tooLongText(c.profileBody.out.shape.field, FIELD_MAX));
const STACK_TOO_LONG = fromContract((c) => tooLongText(c.profileBody.out.shape.techStacks, STACK_MAX, true));

function ProfileForm({ editing, initial }: { editing: boolean; initial: Profile | null }) {
  const navigate = useNavigate();
  const initialPrivate = initial?.contact === PRIVATE_CONTACT;
  const [parts, setParts] = useState<Parts>(initial && !initialPrivate ? splitPhone(initial.contact) : ['010', '', '']);
  const [isPrivate, setPrivate] = useState(initialPrivate);
  const [field, setField] = useState(initial?.field ?? '');
  const [skills, setSkills] = useState<string[]>(initial?.techStacks ?? []);
  const save = useSaveProfile(editing);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    if (refuseOverLimit([{ id: 'profile-field', value: field, max: FIELD_MAX }])) return;
    if (!field.trim()) return alert('분야를 입력해주세요.');
    const body = { contact: isPrivate ? PRIVATE_CONTACT : joinPhone(parts), field: field.trim(), techStacks: skills };
    save.mutate(body, {
      onSuccess: () => {
        alert(editing ? '지원 정보가 수정되었습니다.' : '지원 정보가 등록되었습니다.');
        navigate('/myinfo');
      },
      onError: (err) => alertFailure(err, `${editing ? '수정 실패' : '등록 실패'}: ${errorText(err)}`),
    });
  };

  return (
    <form className="card mx-auto flex max-w-lg flex-col gap-5 p-8" onSubmit={submit} noValidate>
      <h1 className="text-xl font-bold">{editing ? '지원 정보 수정' : '지원 정보 등록'}</h1>
      <Field label="연락처">
        <div className="flex flex-wrap items-center gap-3">
          <PhoneInput parts={parts} onChange={setParts} disabled={isPrivate} digitsOnly label="연락처" />
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
            비공개
          </label>
        </div>
      </Field>
      <TextField
        label="분야"
        id="profile-field"
        value={field}
        max={FIELD_MAX}
        tooLong={FIELD_TOO_LONG}
        placeholder="예: 프론트엔드"
        onChange={setField}
      />
      <Field label="기술 스택" htmlFor="profile-skills">
        <TagInput
          id="profile-skills"
          label="기술 스택"
          tags={skills}
          onChange={setSkills}
          placeholder="기술 입력 후 Enter"
          itemLimit={{ max: STACK_MAX, tooLong: STACK_TOO_LONG }}
        />
      </Field>
      <FormButtons
        cancelLabel="뒤로가기"
        onCancel={() => navigate(-1)}
        submitLabel={editing ? '수정하기' : '등록하기'}
        busy={save.isPending}
      />
    </form>
  );
}

/** /application-info/register and /application-info/edit (the path decides). */
export default function ProfileFormPage() {
  const editing = useLocation().pathname.endsWith('/edit');
  const { data, isPending, isError } = useMyProfile();
  if (editing && isPending) return null;
  return (
    <div className="px-4 py-10">
      {editing && !data && !isError ? (
        <div className="card mx-auto max-w-lg p-8">
          <h1 className="text-xl font-bold">지원 정보 수정</h1>
          <NoProfile />
        </div>
      ) : (
        <ProfileForm key={String(editing)} editing={editing} initial={editing ? (data ?? null) : null} />
      )}
    </div>
  );
}
