import { Module } from '@nestjs/common';
import { SimulationsModule } from '../simulations/simulations.module';
import { ManifestProcessor } from './manifest-processor';
import { ManifestWatcher } from './manifest-watcher';
import { SyncController } from './sync.controller';
import { SyncService } from './sync.service';

@Module({
  imports: [SimulationsModule],
  controllers: [SyncController],
  providers: [SyncService, ManifestProcessor, ManifestWatcher],
})
export class SyncModule {}
