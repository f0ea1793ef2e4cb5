import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '@simsvc/platform';
import { Counter } from 'prom-client';

/** Results figures for Prometheus (this replica). */
@Injectable()
export class ResultsMetrics {
  readonly registered: Counter;
  readonly deleted: Counter;

  constructor(metrics: MetricsRegistry) {
    const registers = [metrics.registry];
    this.registered = new Counter({ name: 'simsvc_results_registered_total', help: 'Results registered (new or replaced)', registers });
    this.deleted = new Counter({ name: 'simsvc_results_deleted_total', help: 'Results deleted', registers });
  }
}
