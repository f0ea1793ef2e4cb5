import { useState } from 'react';
import type { ServiceName } from '../api/service-error';
import { ErrorState } from '../components/states';
import { downloadFile } from './download';

/** A button that downloads one file (see downloadFile) and says when it is busy, done or refused. */
export function DownloadButton({
  label,
  service,
  path,
  request,
  fallbackName,
}: {
  label: string;
  service: ServiceName;
  path: string;
  request: () => { method: 'GET' } | { method: 'POST'; body: unknown };
  fallbackName: string;
}) {
  const [state, setState] = useState<{ busy: boolean; saved?: string; error?: unknown }>({ busy: false });
  const start = async () => {
    setState({ busy: true });
    try {
      const { name } = await downloadFile(service, path, request(), fallbackName);
      setState({ busy: false, saved: name });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <span className="download">
      <button type="button" className="secondary" onClick={() => void start()} disabled={state.busy}>
        {state.busy ? `${label}…` : label}
      </button>
      {state.saved && (
        <span className="muted small" role="status">
          Saved {state.saved}
        </span>
      )}
      {state.error !== undefined && <ErrorState error={state.error} />}
    </span>
  );
}
