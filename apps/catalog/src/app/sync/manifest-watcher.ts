import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SyncScanResponse } from '@simsvc/contracts';
import { SERVICE_CONFIG, ServiceConfig } from '@simsvc/platform';
import { FSWatcher, watch } from 'chokidar';
import { basename } from 'node:path';
import { CatalogConfig } from '../catalog-config';
import { MANIFEST_NAME } from './manifest-files';
import { ManifestProcessor } from './manifest-processor';
import { SyncError, SyncErrorCode } from './sync.errors';

const WRITE_SETTLE_MS = 200;
const DIRECTORY_SCAN_DELAY_MS = 500;

/**
 * Watches `--watch-dir`: a full scan at start-up, one per changed manifest on file events
 * (chokidar), and a full rescan every `--rescan-seconds` (60) so that nothing is missed when
 * events are lost (network filesystems, overflowing inotify queues). All work runs one item at
 * a time; failures are logged and the next rescan tries again, so the service never stops.
 */
@Injectable()
export class ManifestWatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ManifestSync');
  private readonly root?: string;
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private directoryScan?: NodeJS.Timeout;
  private work: Promise<unknown> = Promise.resolve();
  private fullScan?: Promise<SyncScanResponse>;
  private stopped = false;

  constructor(
    private readonly processor: ManifestProcessor,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig<CatalogConfig>,
  ) {
    this.root = config.extra.watchDir;
  }

  get enabled(): boolean {
    return this.root !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.root) return;
    const root = this.root;
    this.watcher = watch(root, {
      ignoreInitial: true,
      followSymlinks: false,
      awaitWriteFinish: { stabilityThreshold: WRITE_SETTLE_MS, pollInterval: 50 },
      ignored: (path, stats) => stats?.isFile() === true && basename(path) !== MANIFEST_NAME,
    });
    const onManifest = (path: string) => {
      if (basename(path) === MANIFEST_NAME) void this.enqueue(() => this.processor.process(root, path)).catch(() => undefined);
    };
    this.watcher
      .on('add', onManifest)
      .on('change', onManifest)
      .on('unlink', onManifest)
      .on('addDir', () => this.scheduleDirectoryScan())
      .on('unlinkDir', () => this.scheduleDirectoryScan())
      .on('error', (error) => this.logger.warn(`watching ${root} failed: ${(error as Error).message}; periodic rescans continue`));
    this.timer = setInterval(() => void this.scan().catch(() => undefined), this.config.extra.rescanSeconds * 1000);
    this.timer.unref();
    void this.scan().catch(() => undefined);
    this.logger.log(`watching ${root} for ${MANIFEST_NAME} (${this.config.extra.autoRegister ? 'auto-register' : 'queue for approval'})`);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.directoryScan);
    await this.watcher?.close();
    await this.work.catch(() => undefined);
  }

  /** A full scan now (or the one already waiting to run); 409 without a watch directory. */
  scan(): Promise<SyncScanResponse> {
    const root = this.root;
    if (!root)
      return Promise.reject(
        new SyncError(SyncErrorCode.AutomaticRegistrationOff, 'automatic registration is off: start the service with --watch-dir'),
      );
    this.fullScan ??= this.enqueue(() => {
      this.fullScan = undefined;
      return this.processor.scanAll(root);
    });
    return this.fullScan;
  }

  private scheduleDirectoryScan(): void {
    clearTimeout(this.directoryScan);
    this.directoryScan = setTimeout(() => void this.scan().catch(() => undefined), DIRECTORY_SCAN_DELAY_MS);
    this.directoryScan.unref();
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.work.then(() => {
      if (this.stopped) throw new Error('service is stopping');
      return task();
    });
    this.work = run.catch((error: unknown) => {
      if (!this.stopped) this.logger.warn(`manifest sync failed: ${(error as Error).message}`);
    });
    return run;
  }
}
