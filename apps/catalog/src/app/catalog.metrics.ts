import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '@simsvc/platform';
import { Counter, Histogram } from 'prom-client';

/** Catalog figures for Prometheus (this replica), beside the platform's HTTP metrics. */
@Injectable()
export class CatalogMetrics {
  readonly simulationsRegistered: Counter<'source'>;
  readonly executionsRecorded: Counter<'status' | 'outcome'>;
  readonly transitionsRefused: Counter;
  readonly manifestsScanned: Counter<'outcome'>;
  readonly scanDuration: Histogram;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.simulationsRegistered = new Counter({
      name: 'simsvc_catalog_simulations_registered_total',
      help: 'Simulations registered, by source (api, approval, auto)',
      labelNames: ['source'],
      registers,
    });
    this.executionsRecorded = new Counter({
      name: 'simsvc_catalog_executions_recorded_total',
      help: 'Execution records accepted, by resulting status and outcome (created, moved, unchanged)',
      labelNames: ['status', 'outcome'],
      registers,
    });
    this.transitionsRefused = new Counter({
      name: 'simsvc_catalog_transitions_refused_total',
      help: 'Execution state moves refused with 409',
      registers,
    });
    this.manifestsScanned = new Counter({
      name: 'simsvc_catalog_manifests_scanned_total',
      help: 'simulation.json manifests processed, by outcome (registered, pending, invalid, duplicate, known)',
      labelNames: ['outcome'],
      registers,
    });
    this.scanDuration = new Histogram({
      name: 'simsvc_catalog_scan_duration_seconds',
      help: 'Duration of full scans of the watch directory',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    });
  }
}
