import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen: the scrolling box is a focusable, named
 * region, so keyboard users can reach and scroll it (axe's scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
