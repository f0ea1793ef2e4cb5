import { Inject, Injectable } from '@nestjs/common';
import { RegisterResultResponse } from '@simsvc/contracts';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import type { Request } from 'express';
import { stat } from 'node:fs/promises';
import { ResultsConfig } from '../results-config';
import { resultFromRun } from '../results/new-result';
import { resultNotFound } from '../results/results.errors';
import { ResultsRepository } from '../results/results.repository';
import { ResultsService } from '../results/results.service';
import { resolveRunDatabasePath } from '../run-database/run-database-path';
import { RunDatabaseReader } from '../run-database/run-database.reader';
import { invalidRunDatabase, RunDatabaseError, RunDatabaseErrorCode } from '../run-database/run-database.errors';
import { receiveBody } from './upload-body';
import { runDatabaseNotStored } from './upload.errors';
import { UploadStore } from './upload-store';

/** POST /runs and GET /results/{execution_id}/run-database: run databases carried over HTTP. */
/** Refusals of a stored path that mean, to a download, that no run database is stored. */
const UNSERVED_PATH = new Set([RunDatabaseErrorCode.OutsideRoot, RunDatabaseErrorCode.NotFound, RunDatabaseErrorCode.Invalid]);

@Injectable()
export class RunUploadsService {
  private readonly store: UploadStore;

  constructor(
    private readonly results: ResultsService,
    private readonly repository: ResultsRepository,
    private readonly runDatabases: RunDatabaseReader,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<ResultsConfig>,
  ) {
    this.store = new UploadStore(config.extra.runsRoot);
  }

  /**
   * Receives the body into the runs root, reads it as /register reads a file (in a worker, under
   * the same refusals and per-address share), registers it, and only then places it under its
   * simulation: an upload refused at any step, its registration included (409 when registered
   * concurrently, 503 when the database is unavailable), leaves no file behind and an earlier
   * upload of the execution as it was, file and values alike. Between the commit and the rename
   * a download still gets the earlier file. expectedExecutionId, when given, must be the run
   * database's own.
   */
  async upload(request: Request, client: string, expectedExecutionId?: string): Promise<RegisterResultResponse> {
    const { runsRoot, maxUploadBytes } = this.config.extra;
    const incoming = await this.store.incomingPath();
    try {
      await receiveBody(request, incoming, maxUploadBytes);
      const introspected = await this.runDatabases.read(runsRoot, incoming, {}, client);
      const executionId = expectedExecutionId ?? introspected.run.execution_id;
      const result = resultFromRun(introspected, { execution_id: executionId }, '');
      const destination = await this.store.destination(result.simulation_name, result.execution_id);
      const registered = await this.results.store({ ...result, run_db_path: destination.relativePath });
      await this.store.place(incoming, destination);
      return registered;
    } finally {
      // Gone already once placed.
      await this.store.discard(incoming);
    }
  }

  /**
   * The canonical path of the result's run database, for any result whose file lies inside the
   * runs root (uploaded or registered by path), with the read rules of /register that concern a
   * name: no way out of the root by `..` or a link, a regular file with a single link.
   */
  async runDatabaseFile(executionId: string): Promise<{ path: string; etag: string }> {
    const record = await this.repository.find(executionId);
    if (!record) throw resultNotFound();
    if (!record.runDbPath) throw runDatabaseNotStored();
    let path: string;
    try {
      path = await resolveRunDatabasePath(this.config.extra.runsRoot, executionId, record.runDbPath);
    } catch (error) {
      throw error instanceof RunDatabaseError && UNSERVED_PATH.has(error.code) ? runDatabaseNotStored() : error;
    }
    const { nlink, size, mtimeMs } = await stat(path);
    // Another name of the file may lie outside the root (contract of run-database.worker.ts).
    if (nlink > 1) throw invalidRunDatabase(`run database has ${nlink} hard links; only a file with one link is served`);
    // Size and modification time, as `send` makes it: a file replaced in place gets another.
    return { path, etag: `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"` };
  }
}
