export function Footer() {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-white py-8 text-center text-sm text-gray-500">
      <p>팀메이트 · 프로젝트 팀원과 스터디 그룹을 찾는 곳</p>
      <p className="mt-1">© 2025 프로젝트 모집 플랫폼. All rights reserved.</p>
    </footer>
  );
}
