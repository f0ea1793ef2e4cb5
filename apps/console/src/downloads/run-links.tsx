import { Link } from 'react-router';
import { DownloadButton } from './download-button';

/** On a run's page: its catalog execution, its cache entries, and its run database as a file. */
export function RunLinks({ executionId, hasRunDatabase }: { executionId: string; hasRunDatabase: boolean }) {
  const id = encodeURIComponent(executionId);
  return (
    <div className="actions run-links">
      <Link className="button secondary" to={`/executions/${id}`}>
        Catalog execution
      </Link>
      <Link className="button secondary" to={`/cache?execution=${id}`}>
        Cache entries
      </Link>
      {hasRunDatabase && (
        <DownloadButton
          label="Download run database"
          service="results"
          path={`/results/${id}/run-database`}
          request={() => ({ method: 'GET' })}
          fallbackName={`${executionId}.db`}
        />
      )}
    </div>
  );
}
