import type { Simulation } from '../../api/types';
import { formatValue } from '../../format';
import { Empty } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';

export function SchemaTable({ schema, label }: { schema: Simulation['input_schema']; label: string }) {
  const entries = Object.entries(schema);
  if (entries.length === 0) return <Empty>No parameters.</Empty>;
  return (
    <TableWrap label={label}>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Type</th>
            <th>Units</th>
            <th className="num">Min</th>
            <th className="num">Max</th>
            <th className="num">Default</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, param]) => (
            <tr key={name}>
              <td title={param.description ?? undefined}>{name}</td>
              <td>{param.type}</td>
              <td>{param.units ?? '—'}</td>
              <td className="num">{formatValue(param.min)}</td>
              <td className="num">{formatValue(param.max)}</td>
              <td className="num">{formatValue(param.default)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
