// Streams a request body to a new private file, counting as it goes: past the cap the stream is
// stopped and the file removed, so nothing of an oversized or broken upload stays on disk.
import type { Request } from 'express';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadError, UploadErrorCode, uploadIncomplete, uploadTooLarge } from './upload.errors';
import { syncToDisk } from './upload-store';

/** Writes the body of request to path (created new, mode 0600) and fsyncs it; returns its size. */
export async function receiveBody(request: Request, path: string, maxBytes: number): Promise<number> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) throw uploadTooLarge(maxBytes);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? uploadTooLarge(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(request, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    await syncToDisk(path);
    return received;
  } catch (error) {
    await rm(path, { force: true });
    throw error instanceof UploadError && error.code === UploadErrorCode.TooLarge ? error : uploadIncomplete();
  }
}
