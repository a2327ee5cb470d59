import { useNavigate } from 'react-router';
import { formatPhone } from '../../shared/lib/format';
import { SkillChips } from '../../shared/ui/SkillChips';
import { useMyProfile } from './api';
import { NoProfile } from './NoProfile';

/** The application profile card on /myinfo. */
export function ProfileCard() {
  const navigate = useNavigate();
  const { data: profile, isPending } = useMyProfile();

  return (
    <section className="card p-6" aria-labelledby="profile-heading">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="profile-heading" className="text-lg font-bold">
          지원 정보
        </h2>
        {profile && (
          <button type="button" className="btn-secondary" onClick={() => navigate('/application-info/edit')}>
            지원 정보 수정
          </button>
        )}
      </div>
      {!isPending && !profile && <NoProfile />}
      {profile && (
        <dl className="grid grid-cols-[6rem_1fr] gap-y-3 text-sm">
          <dt className="text-gray-500">연락처</dt>
          <dd data-testid="profile-contact">{formatPhone(profile.contact)}</dd>
          <dt className="text-gray-500">분야</dt>
          <dd data-testid="profile-field">{profile.field}</dd>
          <dt className="text-gray-500">기술 스택</dt>
          <dd>
            {profile.techStacks.length === 0 ? (
              <span className="text-gray-600">-</span>
            ) : (
              <SkillChips skills={profile.techStacks} testId="profile-skills" />
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}
