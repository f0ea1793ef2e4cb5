import type { ReactNode } from 'react';
import { Empty } from './states';
import { TableWrap } from './table-wrap';

/**
 * A table of named parameters (a schema, a run's values): a Name column, then `columns`, one row
 * per parameter; `empty` instead when there are none.
 */
export function ParameterTable({ label, empty, columns, rows }: { label: string; empty: string; columns: ReactNode; rows: ReactNode[] }) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <TableWrap label={label}>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            {columns}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </TableWrap>
  );
}
