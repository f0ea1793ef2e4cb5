import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { clientAddress, RequirePrivileges } from '@simsvc/auth';
import { ApiErrors, IDENTIFIER_PATTERN, RegisterResultResponse } from '@simsvc/contracts';
import type { Request, Response } from 'express';
import { RUN_DATABASE_TYPES } from '../results-config';
import { ExecutionIdPipe, OptionalExecutionIdPipe } from '../results/result-path.pipes';
import { runDatabaseNotStored, UploadError, UploadErrorCode } from './upload.errors';
import { RunUploadsService } from './run-uploads.service';
import { RUN_DATABASE_REGISTRATION_ERRORS } from '../results/registration-error-meanings';

const FILE_SCHEMA = { type: 'string', format: 'binary' } as const;
const EXECUTION_ID_SCHEMA = { type: 'string', pattern: IDENTIFIER_PATTERN.source } as const;

@ApiTags('results')
@Controller()
export class RunUploadsController {
  constructor(private readonly uploads: RunUploadsService) {}

  @Post('runs')
  @HttpCode(200)
  @RequirePrivileges('write_results')
  @ApiOperation({
    summary: 'Upload a finished run database and register it',
    description:
      'The body is the SQLite file itself. It is read as /register reads one, stored under ' +
      '<runs-root>/uploads/<simulation>/<execution_id>.db and registered; uploading an execution_id again replaces file and result in place.',
  })
  @ApiConsumes(...RUN_DATABASE_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiQuery({
    name: 'execution_id',
    required: false,
    schema: EXECUTION_ID_SCHEMA,
    description: 'when given, the run database must be of it',
  })
  @ApiOkResponse({ type: RegisterResultResponse })
  @ApiErrors(400, 401, 403, {
    ...RUN_DATABASE_REGISTRATION_ERRORS,
    413: 'body over --max-upload-bytes, or a run database holding more than the service loads',
    415: 'body not application/vnd.sqlite3 or application/octet-stream',
    422: 'not a sim2l run database, one of another execution, or names that cannot be stored as path segments',
  })
  upload(@Req() request: Request, @Query('execution_id', OptionalExecutionIdPipe) executionId?: string): Promise<RegisterResultResponse> {
    return this.uploads.upload(request, clientAddress(request), executionId);
  }

  @Get('results/:execution_id/run-database')
  @RequirePrivileges('read_results')
  @ApiParam({ name: 'execution_id', schema: EXECUTION_ID_SCHEMA })
  @ApiOperation({
    summary: "The result's run database file, for a result whose file is inside the runs root",
    description: 'Answers Range requests (206) and conditional ones by ETag (304).',
  })
  @ApiResponse({ status: 200, content: { [RUN_DATABASE_TYPES[0]]: { schema: FILE_SCHEMA } }, description: 'the file' })
  @ApiResponse({
    status: 206,
    content: { [RUN_DATABASE_TYPES[0]]: { schema: FILE_SCHEMA } },
    description: 'the part of the file a Range asked for',
  })
  @ApiResponse({ status: 304, description: 'not modified since the ETag given in If-None-Match' })
  @ApiErrors(400, 401, 403, 503, {
    404: 'result not found, or it has no run database inside the runs root',
    416: 'Range not satisfiable',
    422: 'the file has more than one hard link',
  })
  async download(@Param('execution_id', ExecutionIdPipe) executionId: string, @Res() response: Response): Promise<void> {
    const { path, etag } = await this.uploads.runDatabaseFile(executionId);
    // The app turns ETags off for JSON answers (create-service-app.ts), which sendFile follows.
    response.setHeader('ETag', etag);
    response.attachment(`${executionId}.db`);
    response.type('application/vnd.sqlite3');
    await new Promise<void>((resolve, reject) => {
      response.sendFile(path, { dotfiles: 'allow', lastModified: true }, (error?: Error & { status?: number }) => {
        if (!error || response.headersSent) return resolve();
        response.removeHeader('Content-Disposition');
        response.removeHeader('ETag');
        response.removeHeader('Content-Type');
        if (error.status === 416) return reject(new UploadError(UploadErrorCode.RangeNotSatisfiable, 'requested range is not satisfiable'));
        if (error.status === 404) return reject(runDatabaseNotStored());
        reject(error);
      });
    });
  }
}
