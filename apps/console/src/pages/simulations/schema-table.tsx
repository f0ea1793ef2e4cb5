import type { Simulation } from '../../api/types';
import { formatValue } from '../../format';
import { ParameterTable } from '../../components/parameter-table';

export function SchemaTable({ schema, label }: { schema: Simulation['input_schema']; label: string }) {
  return (
    <ParameterTable
      label={label}
      empty="No parameters."
      columns={
        <>
          <th>Type</th>
          <th>Units</th>
          <th className="num">Min</th>
          <th className="num">Max</th>
          <th className="num">Default</th>
        </>
      }
      rows={Object.entries(schema).map(([name, param]) => (
        <tr key={name}>
          <td title={param.description ?? undefined}>{name}</td>
          <td>{param.type}</td>
          <td>{param.units ?? '—'}</td>
          <td className="num">{formatValue(param.min)}</td>
          <td className="num">{formatValue(param.max)}</td>
          <td className="num">{formatValue(param.default)}</td>
        </tr>
      ))}
    />
  );
}
