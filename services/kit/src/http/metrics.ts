import type { Request } from 'express';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Process metrics plus one latency histogram per route, labelled by status. */
export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
  }

  /** One answered request (createApp's request log calls it when the answer is sent). */
  observe(req: Request, status: number, seconds: number): void {
    // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
    const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
    this.duration.observe({ method: req.method, route, status: String(status) }, seconds);
  }
}
