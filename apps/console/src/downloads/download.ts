import { SimsvcError } from '@simsvc/client';
import { call, type ServiceName } from '../api/service-error';
import { sessionStore } from '../session/session-store';

/**
 * Downloads a file from one of the services through the console's origin. The session travels as
 * the X-Session-ID header (never a cookie or a URL), so a plain link cannot carry it: the file is
 * fetched with the header, streamed by the browser into a Blob (Chromium spills large blobs to
 * disk), and saved from a blob: URL, which only this origin can read and which is revoked at once.
 */
export async function downloadFile(
  service: ServiceName,
  path: string,
  init: { method: 'GET' } | { method: 'POST'; body: unknown },
  fallbackName: string,
): Promise<{ name: string; bytes: number }> {
  return call(service, async () => {
    const token = sessionStore.current()?.token;
    const url = `/api/${service}${path}`;
    const response = await fetch(url, {
      method: init.method,
      headers: {
        ...(token ? { 'X-Session-ID': token } : {}),
        ...(init.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.method === 'POST' ? JSON.stringify(init.body) : undefined,
      credentials: 'omit',
    });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: the text is the message.
      }
      throw SimsvcError.fromResponse({ method: init.method, url }, response, body);
    }
    const blob = await response.blob();
    const name = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
    saveBlob(blob, name);
    return { name, bytes: blob.size };
  });
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred), without any path. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : undefined;
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely read it (revoking at once can cancel the download).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
