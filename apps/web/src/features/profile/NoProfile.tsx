import { useNavigate } from 'react-router';

/** Shown where a profile is expected but none exists: the card on /myinfo and the edit page. */
export function NoProfile() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center gap-4 py-6">
      <p className="text-gray-500">현재 등록된 지원 정보가 없습니다.</p>
      <button type="button" className="btn-primary" onClick={() => navigate('/application-info/register')}>
        지원 정보 등록
      </button>
    </div>
  );
}
