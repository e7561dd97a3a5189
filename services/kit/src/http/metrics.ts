import type { RequestHandler } from 'express';
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

  middleware(): RequestHandler {
    return (req, res, next) => {
      const end = this.duration.startTimer();
      res.on('finish', () => {
        // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
        const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
        end({ method: req.method, route, status: String(res.statusCode) });
      });
      next();
    };
  }
}
