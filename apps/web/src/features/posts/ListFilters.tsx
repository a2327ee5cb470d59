import { usePopularStacks, type ListFilters as Filters, type ListOrder } from './api';

interface ListFiltersProps {
  filters: Filters;
  /** the tech-stack chips (recruitments only: study groups have no tags) */
  withStacks: boolean;
  onChange(next: Filters): void;
}

const sameStack = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Tech-stack chips (the most used first; several at once, a post matches any), 모집 중만 보기 and the order.
 * On a phone the chips scroll sideways in one row; from sm up they wrap.
 */
export function ListFilters({ filters, withStacks, onChange }: ListFiltersProps) {
  const { data: popular = [] } = usePopularStacks(withStacks);
  // chosen stacks stay visible even when they are not (or no longer) among the popular ones
  const chips = [...filters.stacks.filter((s) => !popular.some((p) => sameStack(p.name, s))), ...popular.map((p) => p.name)];
  const chosen = (name: string) => filters.stacks.some((s) => sameStack(s, name));
  const toggleStack = (name: string) =>
    onChange({
      ...filters,
      stacks: chosen(name) ? filters.stacks.filter((s) => !sameStack(s, name)) : [...filters.stacks, name].slice(0, 10),
    });
  const filtered = filters.stacks.length > 0 || filters.open || filters.order !== 'latest';

  return (
    <div className="flex min-w-0 flex-col gap-2" data-testid="list-filters">
      {withStacks && chips.length > 0 && (
        <ul
          className="flex min-w-0 gap-2 overflow-x-auto pb-1 sm:flex-wrap sm:overflow-visible"
          aria-label="기술 스택 필터"
          data-testid="stack-chips"
        >
          {chips.map((name) => (
            <li key={name} className="shrink-0">
              <button
                type="button"
                aria-pressed={chosen(name)}
                onClick={() => toggleStack(name)}
                className={`min-h-9 whitespace-nowrap rounded-full border px-3 text-sm transition-colors ${
                  chosen(name)
                    ? 'border-indigo-600 bg-indigo-600 text-white'
                    : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-100'
                }`}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-gray-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-indigo-600"
            checked={filters.open}
            onChange={(e) => onChange({ ...filters, open: e.target.checked })}
          />
          모집 중만 보기
        </label>
        <select
          className="input w-28"
          aria-label="정렬"
          value={filters.order}
          onChange={(e) => onChange({ ...filters, order: e.target.value as ListOrder })}
        >
          <option value="latest">최신순</option>
          <option value="views">조회순</option>
          <option value="relevance">정확도순</option>
        </select>
        {filtered && (
          <button
            type="button"
            className="min-h-10 text-sm text-indigo-700 underline underline-offset-2"
            onClick={() => onChange({ stacks: [], open: false, order: 'latest' })}
          >
            필터 초기화
          </button>
        )}
      </div>
    </div>
  );
}
