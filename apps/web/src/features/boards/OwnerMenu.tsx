import { useEffect, useRef, useState } from 'react';

/** The post author's edit / delete menu. */
export function OwnerMenu({ onEdit, onDelete }: { onEdit(): void; onDelete(): void }) {
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
      <button type="button" className="btn-secondary px-3" aria-label="게시글 관리" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        ⋮
      </button>
      {open && (
        <div role="menu" className="card absolute right-0 z-20 mt-1 w-32 overflow-hidden py-1">
          <button type="button" role="menuitem" className={item} onClick={pick(onEdit)}>
            수정
          </button>
          <button type="button" role="menuitem" className={`${item} text-red-600`} onClick={pick(onDelete)}>
            삭제
          </button>
        </div>
      )}
    </div>
  );
}
