import { useEffect, useRef, useState } from 'react';

export interface MenuAction {
  label: string;
  onSelect(): void;
  danger?: boolean;
  /** e.g. while the action's request is under way */
  disabled?: boolean;
}

/**
 * A ⋮ button that opens a small menu of actions; a click outside closes it. `touch`: the button and the items
 * are at least 44 px high (a finger's size), for menus that sit among small text.
 */
export function ActionMenu({ label, actions, touch = false }: { label: string; actions: MenuAction[]; touch?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);
  const pick = (action: MenuAction) => () => {
    setOpen(false);
    action.onSelect();
  };
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className={`btn-secondary px-3 ${touch ? 'min-h-11 min-w-11' : ''}`}
        aria-label={label}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open && (
        <div role="menu" className="card absolute right-0 z-20 mt-1 w-32 overflow-hidden py-1">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              className={`block w-full px-4 ${touch ? 'min-h-11' : ''} py-2 text-left text-sm hover:bg-gray-50 disabled:opacity-50 ${action.danger ? 'text-red-600' : ''}`}
              disabled={action.disabled}
              onClick={pick(action)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
