import { Link } from 'react-router';
import type { SearchHit } from '../../api/types';
import { formatTime, formatValue } from '../../format';
import { paramKey, type ParamRef } from './results-state';
import { sortHits } from './sort-hits';
import { valueOf, type ResultParams } from './use-result-params';
import { TableWrap } from '../../components/table-wrap';

export function ResultsTable({
  hits,
  params,
  sort,
  descending,
  onSort,
}: {
  hits: SearchHit[];
  params: ResultParams;
  sort: ParamRef | undefined;
  descending: boolean;
  onSort: (sort: ParamRef, descending: boolean) => void;
}) {
  const rows = sortHits(hits, sort, descending);
  const header = (ref: ParamRef) => {
    const active = sort && paramKey(sort) === paramKey(ref);
    const units = params.units[ref.cls][ref.name];
    return (
      <th key={paramKey(ref)} className={`num ${ref.cls}`} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort" onClick={() => onSort(ref, active ? !descending : false)}>
          {ref.name}
          {units ? <span className="units"> [{units}]</span> : null}
          {active ? (descending ? ' ▼' : ' ▲') : ''}
        </button>
      </th>
    );
  };
  return (
    <TableWrap label="Runs">
      <table className="results-table">
        <thead>
          <tr>
            <th>Run</th>
            <th>Version</th>
            <th>Status</th>
            <th>Created</th>
            {params.refs.map(header)}
          </tr>
        </thead>
        <tbody>
          {rows.map((hit) => (
            <tr key={hit.execution_id}>
              <td className="mono">
                <Link to={`/results/${encodeURIComponent(hit.execution_id)}`} title={hit.execution_id}>
                  {hit.execution_id.length > 14 ? `${hit.execution_id.slice(0, 12)}…` : hit.execution_id}
                </Link>
              </td>
              <td>{hit.simulation_version}</td>
              <td>{hit.status}</td>
              <td className="nowrap">{formatTime(hit.created_at)}</td>
              {params.refs.map((ref) => (
                <td key={paramKey(ref)} className="num">
                  {formatValue(valueOf(hit, ref))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
