import type { ReactNode } from 'react';
import { describeError } from '../api/service-error';

export function Loading({ what }: { what: string }) {
  return (
    <p className="state state-loading" role="status">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

export function ErrorState({ error }: { error: unknown }) {
  const { title, detail } = describeError(error);
  return (
    <div className="state state-error" role="alert">
      <strong>{title}</strong>
      {detail && <span> — {detail}</span>}
    </div>
  );
}

/** One query's three states in one place: pass the query, render the data. */
export function QueryView<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <ErrorState error={query.error} />;
  if (query.isPending || query.data === undefined) return <Loading what={what} />;
  if (isEmpty?.(query.data)) return <Empty>{empty ?? `No ${what}.`}</Empty>;
  return <>{children(query.data)}</>;
}
