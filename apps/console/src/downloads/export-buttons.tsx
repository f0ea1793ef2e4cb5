import { DownloadButton } from './download-button';

/**
 * "Download CSV" and "Download JSONL" of the runs a search matches, in its order: POST /export
 * with the page's search body (filters and order_by; paging fields dropped), streamed by the
 * results service.
 */
export function ExportButtons({ search, simulation }: { search: () => object; simulation: string }) {
  const request = (format: 'csv' | 'jsonl') => () => {
    const { limit: _limit, offset: _offset, cursor: _cursor, ...body } = search() as Record<string, unknown>;
    return { method: 'POST' as const, body: { ...body, format } };
  };
  return (
    <div className="downloads" role="group" aria-label="Download the matching runs">
      <DownloadButton label="Download CSV" service="results" path="/export" request={request('csv')} fallbackName={`${simulation}.csv`} />
      <DownloadButton
        label="Download JSONL"
        service="results"
        path="/export"
        request={request('jsonl')}
        fallbackName={`${simulation}.jsonl`}
      />
    </div>
  );
}
