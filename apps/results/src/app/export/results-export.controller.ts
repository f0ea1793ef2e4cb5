import { Body, Controller, HttpCode, Logger, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequirePrivileges } from '@simsvc/auth';
import { ApiErrors, ExportResultsDto } from '@simsvc/contracts';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_BATCH_SIZE, ResultsExportService } from './results-export.service';

@ApiTags('results')
@Controller()
export class ResultsExportController {
  private readonly logger = new Logger('ResultsExport');

  constructor(private readonly exports: ResultsExportService) {}

  @Post('export')
  @HttpCode(200)
  @RequirePrivileges('read_results')
  @ApiOperation({
    summary: 'Every run matching a search body, in its order, streamed as a CSV or JSON-lines file',
    description:
      'Columns: execution_id, simulation_name, simulation_version, status, created_at, then in.<name> for every input and ' +
      'out.<name> for every output of the matching runs (CSV; sorted by name), or input_params and output_params (JSON lines). ' +
      'A CSV cell is empty where a run lacks the parameter or its value is null; a string cell beginning with = + - @ TAB or CR ' +
      `is prefixed with a single quote. Runs are read ${EXPORT_BATCH_SIZE} at a time as the client takes them; ` +
      'an error once the file has begun ends the transfer unfinished.',
  })
  @ApiResponse({
    status: 200,
    description: 'the file, with Content-Disposition: attachment; filename="<simulation or results>-<YYYY-MM-DD>.<csv|jsonl>"',
    content: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } },
  })
  @ApiErrors(400, 401, 403, 413, 415, 503)
  async export(@Body() request: ExportResultsDto, @Res() response: Response): Promise<void> {
    const exported = await this.exports.open(request);
    // The name holds only [A-Za-z0-9._-] (exportFileName), so it is always quoted the same way.
    response.setHeader('Content-Disposition', `attachment; filename="${exported.fileName}"`);
    response.setHeader('Content-Type', exported.contentType);
    response.setHeader('Cache-Control', 'no-store');
    // nginx would otherwise read the export ahead into its buffers and temp files, away from the client's pace.
    response.setHeader('X-Accel-Buffering', 'no');
    // pipeline waits for 'drain' whenever the socket is behind, and on a client that goes away
    // (or a failing read) destroys both sides, which ends the generator and its reads.
    pipeline(Readable.from(exported.chunks, { highWaterMark: 1 }), response).catch((error: Error & { code?: string }) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn(`export ended early: ${error.message}`);
    });
  }
}
