import { Module } from '@nestjs/common';
import { CATALOG_STORE, DatabaseModule } from '@simsvc/persistence';
import { InstallationsController } from './installations.controller';
import { InstallationsRepository } from './installations.repository';
import { InstallationsService } from './installations.service';

@Module({
  imports: [DatabaseModule.forFeature(CATALOG_STORE, [InstallationsRepository])],
  controllers: [InstallationsController],
  providers: [InstallationsService],
})
export class InstallationsModule {}
