import type { ReactNode } from 'react';

interface InfoRowsProps {
  rows: Array<[label: string, value: ReactNode]>;
  /** each value is marked `${testIdPrefix}-${label}` */
  testIdPrefix: string;
  /** the vertical gap between rows */
  gap: 'gap-y-2' | 'gap-y-3';
}

/** Label and value pairs in two columns (my info, post details). */
export function InfoRows({ rows, testIdPrefix, gap }: InfoRowsProps) {
  return (
    <dl className={`grid grid-cols-[6rem_1fr] ${gap} text-sm`}>
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-500">{k}</dt>
          <dd data-testid={`${testIdPrefix}-${k}`}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
