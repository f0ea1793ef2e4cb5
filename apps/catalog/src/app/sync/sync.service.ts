import { Inject, Injectable } from '@nestjs/common';
import {
  ApproveSyncItemResponse,
  ListSyncItemsQueryDto,
  nowMicros,
  SyncItemResponse,
  SyncScanResponse,
  SyncStatusResponse,
} from '@simsvc/contracts';
import { CATALOG_STORE, InjectStoreDatabase, StoreDatabase } from '@simsvc/persistence';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { CatalogConfig } from '../catalog-config';
import { CatalogMetrics } from '../catalog.metrics';
import { SimulationError, SimulationErrorCode } from '../simulations/simulation.errors';
import { NewSimulation } from '../simulations/simulation-registration';
import { ResponsePage, SimulationsService } from '../simulations/simulations.service';
import { ManifestWatcher } from './manifest-watcher';
import { toSyncItemResponse } from './sync-item.record';
import { SyncError, SyncErrorCode } from './sync.errors';
import { SyncRepository } from './sync.repository';

type Approval =
  { outcome: 'approved'; simulationId: number } | { outcome: 'not-pending' } | { outcome: 'duplicate'; error: SimulationError };

@Injectable()
export class SyncService {
  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly queue: SyncRepository,
    private readonly simulations: SimulationsService,
    private readonly watcher: ManifestWatcher,
    private readonly metrics: CatalogMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CatalogConfig>,
  ) {}

  async pending(query: ListSyncItemsQueryDto): Promise<ResponsePage<SyncItemResponse>> {
    const filter = { status: query.status, installationId: query.installation_id };
    const { records, total } = await this.queue.listOpen(filter, query.limit, query.offset);
    const root = this.config.extra.watchDir ?? '.';
    return { items: records.map((record) => toSyncItemResponse(record, root)), total };
  }

  scan(): Promise<SyncScanResponse> {
    return this.watcher.scan();
  }

  status(): SyncStatusResponse {
    const { watchDir, autoRegister, rescanSeconds } = this.config.extra;
    return { watching: watchDir !== undefined, auto_register: autoRegister, rescan_seconds: rescanSeconds };
  }

  /**
   * Registers a pending item from the manifest stored when it was scanned. The item is claimed
   * first (one conditional UPDATE), so concurrent approvals register it once.
   */
  async approve(id: number): Promise<ApproveSyncItemResponse> {
    const approval = await this.db.transaction<Approval>(async (tx) => {
      const now = nowMicros();
      const item = await this.queue.claimPending(tx, id, now);
      if (!item) return { outcome: 'not-pending' };
      const simulation = JSON.parse(item.manifest ?? 'null') as NewSimulation;
      try {
        const record = await this.simulations.insert(tx, simulation, now);
        await this.queue.settle(tx, id, record.id);
        return { outcome: 'approved', simulationId: record.id };
      } catch (error) {
        if (!(error instanceof SimulationError && error.code === SimulationErrorCode.Exists)) throw error;
        await this.queue.markDuplicate(tx, id, error.message, now);
        return { outcome: 'duplicate', error };
      }
    });
    if (approval.outcome === 'approved') {
      this.metrics.simulationsRegistered.inc({ source: 'approval' });
      return { status: 'approved', simulation_id: approval.simulationId };
    }
    if (approval.outcome === 'duplicate') throw approval.error;
    const item = await this.queue.find(id);
    if (!item) throw new SyncError(SyncErrorCode.ItemNotFound, `sync item ${id} not found`);
    throw new SyncError(SyncErrorCode.ItemNotPending, `sync item ${id} is ${item.status}, not pending`);
  }
}
