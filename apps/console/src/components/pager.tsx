export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label = 'Pages',
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (page: number) => void;
  label?: string;
}) {
  const last = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  if (last === 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        ← Previous
      </button>
      <span>
        Page {page}
        {last !== undefined && ` of ${last}`}
        {total !== undefined && ` · ${total} in all`}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={last !== undefined && page >= last}>
        Next →
      </button>
    </nav>
  );
}
