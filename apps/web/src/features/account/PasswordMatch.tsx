/** The live confirmation hint: green check when equal, red cross when different, nothing until typed. */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  if (!confirm) return null;
  return password === confirm ? (
    <span className="text-lg font-bold text-green-600" aria-label="비밀번호 일치" data-testid="pw-match">
      ✓
    </span>
  ) : (
    <span className="text-lg font-bold text-red-700" aria-label="비밀번호 불일치" data-testid="pw-mismatch">
      ✗
    </span>
  );
}
