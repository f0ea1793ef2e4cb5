import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { call, ServiceCallError } from '../../api/service-error';
import type { SyncItem } from '../../api/types';
import { withTotal } from '../../api/with-total';
import { Pager } from '../../components/pager';
import { PageTitle } from '../../components/page-title';
import { ErrorState, QueryView } from '../../components/states';
import { formatTime } from '../../format';
import { useHasPrivilege } from '../../session/use-session';

const PAGE_SIZE = 25;
const STATUSES = ['pending', 'invalid', 'duplicate'] as const;
type SyncStatus = (typeof STATUSES)[number];

/** Manifests the catalog found in its watch directory; developers approve the pending ones. */
export function SyncPage() {
  const [params, setParams] = useSearchParams();
  const status: SyncStatus = STATUSES.find((s) => s === params.get('status')) ?? 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const canApprove = useHasPrivilege('update_catalog');
  const queryClient = useQueryClient();

  const items = useQuery({
    queryKey: ['sync', status, page],
    queryFn: () =>
      withTotal('catalog', () =>
        api.catalog.raw.GET('/sync/pending', { params: { query: { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } }),
      ),
    placeholderData: keepPreviousData,
  });
  const watch = useQuery({
    queryKey: ['sync-status'],
    queryFn: () => call('catalog', () => api.catalog.GET('/sync/status')),
    enabled: canApprove,
  });
  const scan = useMutation({
    mutationFn: () => call('catalog', () => api.catalog.POST('/sync/scan')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sync'] }),
  });

  return (
    <section>
      <PageTitle parts={['Sync']} />
      <div className="page-head">
        <h1>Sync</h1>
        {canApprove && (
          <button type="button" className="secondary" onClick={() => scan.mutate()} disabled={scan.isPending}>
            Scan now
          </button>
        )}
      </div>
      <p className="muted">Manifests found in the catalog's watch directory that are not registered yet.</p>
      {(watch.data?.watching === false || (scan.error !== null && noWatchDirectory(scan.error))) && <NoWatchDirectory />}
      {scan.data && (
        <p className="ok" role="status">
          Scanned: {scan.data.registered} registered, {scan.data.pending} pending, {scan.data.invalid} invalid.
        </p>
      )}
      {scan.error && !noWatchDirectory(scan.error) && <ErrorState error={scan.error} />}
      <div className="segmented" role="group" aria-label="Status">
        {STATUSES.map((s) => (
          <button key={s} type="button" aria-pressed={s === status} onClick={() => setParams(s === 'pending' ? {} : { status: s })}>
            {s}
          </button>
        ))}
      </div>
      <QueryView query={items} what="manifests" isEmpty={(d) => d.items.length === 0} empty={`No ${status} manifests.`}>
        {(data) => (
          <>
            <ul className="sync-list">
              {data.items.map((item) => (
                <SyncRow key={item.id} item={item} canApprove={canApprove && item.status === 'pending'} />
              ))}
            </ul>
            <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => setParams({ status, page: String(p) })} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function NoWatchDirectory() {
  return (
    <p className="state state-info" role="status">
      The catalog has no watch directory, so nothing is found here: start it with <code>--watch-dir DIR</code> (or{' '}
      <code>SIMSVC_CATALOG_WATCH_DIR</code>) and manifests in DIR appear on this page.
    </p>
  );
}

/** POST /sync/scan answers 409 when the catalog runs without --watch-dir (GET /sync/status says so first). */
function noWatchDirectory(error: unknown): boolean {
  return error instanceof ServiceCallError && error.status === 409;
}

function SyncRow({ item, canApprove }: { item: SyncItem; canApprove: boolean }) {
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => call('catalog', () => api.catalog.POST('/sync/{id}/approve', { params: { path: { id: item.id } } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sync'] });
      await queryClient.invalidateQueries({ queryKey: ['simulations'] });
    },
  });
  return (
    <li className="card sync-item">
      <div>
        <strong>{item.name ?? '(no name)'}</strong> {item.version && <span className="badge">v{item.version}</span>}
        <div className="muted small mono">{item.manifest_path}</div>
        <div className="muted small">found {formatTime(item.discovered_at)}</div>
        {item.error && <div className="small warn">{item.error}</div>}
      </div>
      <div className="sync-actions">
        {approve.data ? (
          <span className="ok">
            Approved — <Link to={`/simulations/${encodeURIComponent(item.name ?? '')}`}>open</Link>
          </span>
        ) : (
          canApprove && (
            <button type="button" onClick={() => approve.mutate()} disabled={approve.isPending}>
              Approve
            </button>
          )
        )}
        {approve.error && <ErrorState error={approve.error} />}
      </div>
    </li>
  );
}
