import { Inject, Injectable, Logger } from '@nestjs/common';
import { isDomainError, nowMicros, SimulationErrorCode, SyncScanResponse } from '@simsvc/contracts';
import { CATALOG_STORE, InjectStoreDatabase, StoreDatabase } from '@simsvc/persistence';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { sep } from 'node:path';
import { CatalogConfig } from '../catalog-config';
import { CatalogMetrics } from '../catalog.metrics';
import { simulationExists } from '../simulations/simulation.errors';
import { checkRegistration, NewSimulation } from '../simulations/simulation-registration';
import { SimulationsRepository } from '../simulations/simulations.repository';
import { SimulationsService } from '../simulations/simulations.service';
import { findManifests, readManifest } from './manifest-files';
import { SyncRepository } from './sync.repository';

/** What became of one manifest; `gone` when the file no longer exists, `ignored` when it lies outside the watch directory. */
export type ManifestOutcome = 'registered' | 'pending' | 'invalid' | 'duplicate' | 'gone' | 'ignored';

const MAX_ERROR_LENGTH = 2000;
const MAX_KEY_LENGTH = 256;
const OUTSIDE = 'outside the watch directory';

/**
 * Turns manifests into queue items or simulations (contract §5 automatic registration). A
 * manifest is keyed by (path, name, version): a rescan of an unchanged file changes nothing, a
 * changed file replaces its open item, and one that already became a simulation is left alone.
 * Nothing here throws for a bad manifest: it becomes an `invalid` item.
 */
@Injectable()
export class ManifestProcessor {
  private readonly logger = new Logger('ManifestSync');
  /** The problem last logged per manifest, so that a rescan does not repeat it every minute. */
  private readonly reported = new Map<string, string>();

  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly queue: SyncRepository,
    private readonly simulations: SimulationsRepository,
    private readonly registration: SimulationsService,
    private readonly metrics: CatalogMetrics,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CatalogConfig>,
  ) {}

  /** Scans the whole directory; counts each manifest found by its state afterwards. */
  async scanAll(root: string): Promise<SyncScanResponse> {
    const stopTimer = this.metrics.scanDuration.startTimer();
    const counts: SyncScanResponse = { registered: 0, pending: 0, invalid: 0, duplicate: 0 };
    const paths = await findManifests(root);
    for (const path of paths) {
      const outcome = await this.process(root, path);
      if (outcome !== 'gone' && outcome !== 'ignored') counts[outcome] += 1;
    }
    await this.dropVanished(root, new Set(paths));
    stopTimer();
    return counts;
  }

  /** Reads the manifest at path, below the watch directory root, and queues or registers it. */
  async process(root: string, path: string): Promise<ManifestOutcome> {
    const read = await readManifest(root, path);
    if (read.kind === 'missing') {
      this.reported.delete(path);
      await this.queue.dropOpenOf(path);
      return 'gone';
    }
    if (read.kind === 'outside') {
      await this.queue.dropOpenOf(path);
      if (this.reported.get(path) !== OUTSIDE) this.logger.warn(`ignored manifest ${path}: it leads outside the watch directory`);
      this.reported.set(path, OUTSIDE);
      return 'ignored';
    }
    const check = read.kind === 'unreadable' ? { ok: false as const, problems: [read.problem] } : await checkRegistration(read.body);
    const outcome = check.ok ? await this.accept(path, check.simulation) : await this.reject(path, check.problems, check);
    this.metrics.manifestsScanned.inc({ outcome });
    return outcome;
  }

  private async reject(path: string, problems: string[], identity: { name?: string; version?: string }): Promise<ManifestOutcome> {
    const name = (identity.name ?? '').slice(0, MAX_KEY_LENGTH);
    const version = (identity.version ?? '').slice(0, MAX_KEY_LENGTH);
    const error = problems.join('; ').slice(0, MAX_ERROR_LENGTH);
    await this.db.transaction(async (tx) => {
      await this.queue.dropOtherOpen(tx, path, name, version);
      await this.queue.upsertOpen(
        tx,
        { manifestPath: path, name, version, installationId: null, status: 'invalid', error, manifest: null, simulationId: null },
        nowMicros(),
      );
    });
    if (this.reported.get(path) !== error) this.logger.warn(`invalid manifest ${path}: ${error}`);
    this.reported.set(path, error);
    return 'invalid';
  }

  private async accept(path: string, simulation: NewSimulation): Promise<ManifestOutcome> {
    this.reported.delete(path);
    const { name, version } = simulation;
    const item = { manifestPath: path, name, version, installationId: simulation.provenance.installation_id };
    return this.db.transaction(async (tx) => {
      const now = nowMicros();
      await this.queue.dropOtherOpen(tx, path, name, version);
      if (await this.queue.findSettled(tx, path, name, version)) return 'registered';
      const duplicate = {
        ...item,
        status: 'duplicate' as const,
        error: simulationExists(simulation).message,
        manifest: null,
        simulationId: null,
      };
      if (await this.simulations.existsNamed(tx, name, version)) {
        await this.queue.upsertOpen(tx, duplicate, now);
        return 'duplicate';
      }
      if (!this.config.extra.autoRegister) {
        await this.queue.upsertOpen(
          tx,
          { ...item, status: 'pending', error: null, manifest: JSON.stringify(simulation), simulationId: null },
          now,
        );
        return 'pending';
      }
      // The check above ran in this transaction, which SQLite holds exclusively; on PostgreSQL a
      // registration elsewhere may commit in between (SIMULATION_EXISTS).
      const record = await this.registration.insert(tx, simulation, now).catch((error: unknown) => {
        if (isDomainError(error, SimulationErrorCode.Exists)) return undefined;
        throw error;
      });
      if (!record) {
        await this.queue.upsertOpen(tx, duplicate, now);
        return 'duplicate';
      }
      await this.queue.upsertOpen(
        tx,
        { ...item, status: 'registered', error: null, manifest: JSON.stringify(simulation), simulationId: record.id },
        now,
      );
      this.metrics.simulationsRegistered.inc({ source: 'auto' });
      this.logger.log(`registered ${name} ${version} from ${path}`);
      return 'registered';
    });
  }

  /** Open items of manifests below `root` that the scan no longer found. */
  private async dropVanished(root: string, found: Set<string>): Promise<void> {
    const prefix = root.endsWith(sep) ? root : root + sep;
    for (const path of await this.queue.openManifestPaths()) {
      if (path.startsWith(prefix) && !found.has(path)) await this.queue.dropOpenOf(path);
    }
  }
}
