// `simsvc results export` and `simsvc results download`: a file the results service streams
// (POST /export, GET /results/{id}/run-database), written as it arrives to stdout or a file. The
// service reads runs only as fast as they are written here, so an export of any size holds a
// chunk at a time on either side.
import { attachmentName, downloadRunDatabase, exportResults, type ExportBody, type SimsvcClient } from '@simsvc/client';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** Writes the export to `output`, or to stdout without one. */
export async function exportTo(client: SimsvcClient, body: ExportBody, output?: string): Promise<void> {
  const response = await exportResults(client.results, body);
  await save(response, output);
}

/** Writes the run database to `output`, or to the name the service gives it in the current directory; answers the file and its size. */
export async function downloadTo(client: SimsvcClient, executionId: string, output?: string): Promise<{ file: string; bytes: number }> {
  const response = await downloadRunDatabase(client.results, executionId);
  // Only a base name: the header comes from the service, and must not pick the directory.
  const file = output ?? basename(attachmentName(response) ?? `${executionId}.db`);
  return { file, bytes: await save(response, file) };
}

/** The response body into `file` (removed again when the transfer fails) or stdout; answers the bytes written. */
async function save(response: Response, file: string | undefined): Promise<number> {
  let bytes = 0;
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => (bytes += chunk.length));
  if (file === undefined) {
    await pipeline(body, process.stdout, { end: false });
    return bytes;
  }
  try {
    await pipeline(body, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return bytes;
}
