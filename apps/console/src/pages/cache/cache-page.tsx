import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call } from '../../api/service-error';
import { LiveStatus, useLive } from '../../components/live';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { StatRow } from '../../components/stat';
import { QueryView } from '../../components/states';
import { TableWrap } from '../../components/table-wrap';
import { formatBytes, formatPercent, formatTime } from '../../format';
import { useHasPrivilege } from '../../session/use-session';
import { HitRateChart } from './hit-rate-chart';
import { InvalidateForm } from './invalidate-form';

const PAGE_SIZE = 20;

export function CachePage() {
  const [params, setParams] = useSearchParams();
  const pattern = params.get('pattern') ?? '';
  const execution = params.get('execution') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const logPage = Math.max(1, Number(params.get('log')) || 1);
  const canInvalidate = useHasPrivilege('invalidate_cache');
  const [patternText, setPatternText] = useState(pattern);
  const set = (change: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === '' || value === 1) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: 'pattern' in change });
  };
  useEffect(() => {
    const timer = setTimeout(() => {
      if (patternText !== pattern) set({ pattern: patternText, page: 1 });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patternText]);

  const live = useLive();
  const stats = useQuery({
    queryKey: ['cache-stats'],
    queryFn: () => call('cache', () => api.cache.GET('/cache/stats')),
    refetchInterval: live.refetchInterval,
  });
  const entries = useQuery({
    queryKey: ['cache-entries', pattern, execution, page],
    queryFn: () =>
      call('cache', () =>
        api.cache.GET('/cache/entries', {
          params: {
            query: {
              pattern: pattern || undefined,
              execution_id: execution || undefined,
              limit: PAGE_SIZE,
              offset: (page - 1) * PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: live.refetchInterval,
  });
  const log = useQuery({
    queryKey: ['cache-invalidations', logPage],
    queryFn: () =>
      call('cache', () => api.cache.GET('/cache/invalidations', { params: { query: { limit: 10, offset: (logPage - 1) * 10 } } })),
    placeholderData: keepPreviousData,
    refetchInterval: live.refetchInterval,
  });
  const liveQueries = [stats, entries, log];

  return (
    <section>
      <PageTitle parts={['Cache']} />
      <div className="page-head">
        <h1>Cache</h1>
        <LiveStatus live={live} updatedAt={liveQueries.map((q) => q.dataUpdatedAt)} failed={liveQueries.some((q) => q.failureCount > 0)} />
      </div>
      <div className="card">
        <QueryView query={stats} what="cache statistics">
          {(s) => (
            <StatRow
              stats={{
                Entries: String(s.total_entries),
                Hits: String(s.total_hits),
                Misses: String(s.total_misses),
                'Hit rate': formatPercent(s.hit_rate),
                Size: formatBytes(s.total_size_bytes),
                Invalidations: String(s.invalidation_count),
              }}
            />
          )}
        </QueryView>
      </div>
      <div className="grid-2">
        <div className="card">
          <h2>Hit rate per simulation</h2>
          <HitRateChart />
        </div>
        {canInvalidate && (
          <div className="card">
            <h2>Invalidate entries</h2>
            <InvalidateForm />
          </div>
        )}
      </div>
      <div className="card">
        <h2>Entries</h2>
        {execution && (
          <p className="filter-note">
            The entries of run{' '}
            <Link className="mono" to={`/results/${encodeURIComponent(execution)}`}>
              {execution}
            </Link>{' '}
            ·{' '}
            <button type="button" className="secondary small" onClick={() => set({ execution: '', page: 1 })}>
              Show every entry
            </button>
          </p>
        )}
        <label className="inline">
          Pattern
          <input value={patternText} onChange={(e) => setPatternText(e.target.value)} placeholder="heat-1d/*" />
        </label>
        <QueryView query={entries} what="entries" isEmpty={(d) => d.entries.length === 0} empty="No live entries match.">
          {(data) => (
            <>
              <TableWrap label="Cache entries">
                <table>
                  <thead>
                    <tr>
                      <th>Key</th>
                      <th>Simulation</th>
                      <th>Run</th>
                      <th className="num">Hits</th>
                      <th className="num">Size</th>
                      <th>Created</th>
                      <th>Expires</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={entry.cache_key}>
                        <td className="mono break">{entry.cache_key}</td>
                        <td>
                          {entry.simulation_name} {entry.simulation_version && <span className="muted">v{entry.simulation_version}</span>}
                        </td>
                        <td className="mono break">
                          {entry.execution_id ? (
                            <Link to={`/results/${encodeURIComponent(entry.execution_id)}`} title="Open the run">
                              {entry.execution_id}
                            </Link>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className="num">{entry.hit_count}</td>
                        <td className="num nowrap">{formatBytes(entry.size_bytes)}</td>
                        <td className="nowrap">{formatTime(entry.created_at)}</td>
                        <td className="nowrap">{formatTime(entry.expires_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => set({ page: p })} label="Entry pages" />
            </>
          )}
        </QueryView>
      </div>
      <div className="card">
        <h2>Invalidation log</h2>
        <QueryView query={log} what="invalidations" isEmpty={(d) => d.invalidations.length === 0} empty="Nothing invalidated yet.">
          {(data) => (
            <>
              <TableWrap label="Invalidation log">
                <table>
                  <thead>
                    <tr>
                      <th>When</th>
                      <th>By</th>
                      <th>Selector</th>
                      <th>Reason</th>
                      <th className="num">Removed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.invalidations.map((record, index) => (
                      <tr key={`${record.at}-${index}`}>
                        <td className="nowrap">{formatTime(record.at)}</td>
                        <td>{record.by}</td>
                        <td className="mono break">
                          {[
                            record.cache_key && `key ${record.cache_key}`,
                            record.simulation_name && `simulation ${record.simulation_name}`,
                            record.simulation_version && `version ${record.simulation_version}`,
                            record.simulation_id !== null && record.simulation_id !== undefined && `id ${record.simulation_id}`,
                            record.pattern && `pattern ${record.pattern}`,
                          ]
                            .filter(Boolean)
                            .join(', ') || 'everything'}
                        </td>
                        <td>{record.reason ?? '—'}</td>
                        <td className="num">{record.invalidated_count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pager page={logPage} pageSize={10} total={data.total} onPage={(p) => set({ log: p })} label="Log pages" />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
