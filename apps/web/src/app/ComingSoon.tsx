export default function ComingSoon() {
  return (
    <div className="page">
      <p className="py-24 text-center text-gray-500">준비 중인 화면입니다.</p>
    </div>
  );
}
