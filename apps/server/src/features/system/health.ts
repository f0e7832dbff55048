import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Process figures for operators and benchmarks: memory and event-loop delay since the last reset. */
export class HealthMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly startedAt = Date.now();

  constructor() {
    this.histogram.enable();
  }

  snapshot(reset = false) {
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const h = this.histogram;
    const figures = {
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      eventLoopDelayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) },
    };
    if (reset) h.reset();
    return figures;
  }

  stop(): void {
    this.histogram.disable();
  }
}
