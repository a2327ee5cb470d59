import { useEffect, useRef, useState } from 'react';

interface AuthorMenuProps {
  onEdit(): void;
  onClose(): void;
  onDelete(): void;
}

/** The author's edit / close / delete menu on a post detail. */
export function AuthorMenu({ onEdit, onClose, onDelete }: AuthorMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);
  const item = 'block w-full px-4 py-2 text-left text-sm hover:bg-gray-50';
  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="relative" ref={ref}>
      <button type="button" className="btn-secondary px-3" aria-label="공고 관리" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ⋮
      </button>
      {open && (
        <div role="menu" className="card absolute right-0 z-20 mt-1 w-32 overflow-hidden py-1">
          <button type="button" role="menuitem" className={item} onClick={pick(onEdit)}>
            수정
          </button>
          <button type="button" role="menuitem" className={item} onClick={pick(onClose)}>
            마감
          </button>
          <button type="button" role="menuitem" className={`${item} text-red-600`} onClick={pick(onDelete)}>
            삭제
          </button>
        </div>
      )}
    </div>
  );
}
