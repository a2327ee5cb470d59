import type { Me } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from '../shared/api/client';
import { keys } from '../shared/api/keys';
import { useAuth } from '../shared/auth/store';

/**
 * Whether I am an operator now (GET /api/users/me's `operator`, the account's read): false for a visitor, undefined
 * while it is read. Asked only where it matters (the header menu once opened, /admin), not on every page.
 */
export function useOperator(): boolean | undefined {
  const { token } = useAuth();
  const { data, isError } = useQuery({
    queryKey: keys.account,
    queryFn: () => get<Me>('/users/me'),
    enabled: !!token,
    staleTime: 60_000,
  });
  if (!token || isError) return false;
  return data === undefined ? undefined : data.operator === true;
}

/** The header menu's 운영 관리 (/admin), shown to operators only: nobody else is told the page exists. */
export default function OperatorMenuItem({ onSelect }: { onSelect(to: string): void }) {
  if (!useOperator()) return null;
  return (
    <li>
      <button
        type="button"
        role="menuitem"
        className="block w-full px-4 py-2 text-left text-sm hover:bg-gray-100"
        onClick={() => onSelect('/admin')}
      >
        운영 관리
      </button>
    </li>
  );
}
