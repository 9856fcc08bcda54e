import type { Registry } from 'prom-client';

/**
 * The per-request metrics (`http_requests_total` by route, method and status, and
 * `http_request_duration_seconds` by route) as plain numbers: a request adds one to a
 * count and to one bucket of an array, found through a cell bound once per route, method
 * and status; the Prometheus text is made only when /metrics is scraped. (prom-client's
 * labelled `inc` and `observe` hash their labels object at every call: a few microseconds
 * a request.) The two metrics are registered on `registry` as prom-client custom metrics,
 * so the exposition format is prom-client's own.
 */

export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** One route, method and status: what a request adds to. */
export interface RequestCell {
  observe(seconds: number): void;
}

interface CountCell extends RequestCell {
  readonly labels: { readonly route: string; readonly method: string; readonly status: string };
  count: number;
}

interface DurationCell {
  /** Per bucket of DURATION_BUCKETS (not cumulative), then the +Inf overflow. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

export interface RequestMetrics {
  /** The cell of a route, method and status (made on first use); keep it to skip the lookup. */
  cell(route: string, method: string, status: number): RequestCell;
}

interface PromValue {
  readonly value: number;
  readonly labels: Record<string, string | number>;
  readonly metricName?: string;
}

export function registerRequestMetrics(registry: Registry): RequestMetrics {
  const counts = new Map<string, CountCell>();
  const durations = new Map<string, DurationCell>();

  const durationOf = (route: string): DurationCell => {
    let cell = durations.get(route);
    if (cell === undefined) {
      cell = { buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
      durations.set(route, cell);
    }
    return cell;
  };

  const custom = (
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => PromValue[],
  ) => ({
    name,
    help,
    type,
    aggregator: 'sum',
    get: () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => {
      for (const cell of counts.values()) cell.count = 0;
      for (const cell of durations.values()) {
        cell.buckets.fill(0);
        cell.sum = 0;
        cell.count = 0;
      }
    },
  });

  registry.registerMetric(
    custom('http_requests_total', 'HTTP requests by route, method and status.', 'counter', () =>
      [...counts.values()].map((cell) => ({ value: cell.count, labels: { ...cell.labels } })),
    ) as never,
  );
  registry.registerMetric(
    custom(
      'http_request_duration_seconds',
      'Time to answer HTTP requests, by route.',
      'histogram',
      () => {
        const values: PromValue[] = [];
        for (const [route, cell] of durations) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, i) => {
            cumulative += cell.buckets[i]!;
            values.push({
              metricName: 'http_request_duration_seconds_bucket',
              labels: { le, route },
              value: cumulative,
            });
          });
          values.push(
            {
              metricName: 'http_request_duration_seconds_bucket',
              labels: { le: '+Inf', route },
              value: cell.count,
            },
            { metricName: 'http_request_duration_seconds_sum', labels: { route }, value: cell.sum },
            {
              metricName: 'http_request_duration_seconds_count',
              labels: { route },
              value: cell.count,
            },
          );
        }
        return values;
      },
    ) as never,
  );

  return {
    cell(route, method, status) {
      const key = `${route} ${method} ${status}`;
      let cell = counts.get(key);
      if (cell === undefined) {
        const duration = durationOf(route);
        const made: CountCell = {
          labels: { route, method, status: String(status) },
          count: 0,
          observe(seconds) {
            made.count++;
            let i = 0;
            while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
            duration.buckets[i]!++;
            duration.sum += seconds;
            duration.count++;
          },
        };
        cell = made;
        counts.set(key, cell);
      }
      return cell;
    },
  };
}
