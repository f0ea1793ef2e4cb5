import { Injectable } from '@nestjs/common';
import { InstallationListResponse, InstallationResponse, nowMicros, PageQueryDto, RegisterInstallationDto } from '@simsvc/contracts';
import { toInstallationResponse } from './installation.record';
import { InstallationsRepository } from './installations.repository';

@Injectable()
export class InstallationsService {
  constructor(private readonly repository: InstallationsRepository) {}

  /** Records a report; `created` is true for an installation seen for the first time. */
  async report(body: RegisterInstallationDto, reportedBy: string): Promise<{ created: boolean; installation: InstallationResponse }> {
    const record = await this.repository.report(
      {
        installationId: body.installation_id,
        hostname: body.hostname ?? null,
        platform: body.platform ?? null,
        pythonVersion: body.python_version ?? null,
        sim2lVersion: body.sim2l_version ?? null,
        reportedBy,
      },
      nowMicros(),
    );
    return { created: Number(record.firstSeenAt) === Number(record.lastSeenAt), installation: toInstallationResponse(record) };
  }

  async list(page: PageQueryDto): Promise<InstallationListResponse> {
    const { records, total } = await this.repository.list(page.limit, page.offset);
    return { installations: records.map(toInstallationResponse), total, limit: page.limit, offset: page.offset };
  }
}
