import { Link } from 'react-router';

export default function InboxDropdown({ onClose }: { onClose(): void }) {
  return (
    <div className="absolute right-0 top-12 rounded-lg border border-gray-200 bg-white p-4 shadow-lg" style={{ width: 460 }}>
      <p className="py-6 text-center text-sm text-gray-500">받은 쪽지가 없습니다.</p>
      <Link to="/messages" onClick={onClose} className="block text-center text-sm text-indigo-600">
        전체 보기
      </Link>
    </div>
  );
}
