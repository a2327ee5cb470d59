import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="page py-24 text-center">
      <p className="text-gray-500">요청한 페이지를 찾을 수 없습니다.</p>
      <Link to="/" className="btn-primary mt-6">
        홈으로
      </Link>
    </div>
  );
}
