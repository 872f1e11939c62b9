import { lazy, Suspense, type ComponentProps } from 'react';

// The chart library loads with the first chart an analytics page shows, never before.
const load = () => import('./analytics-charts');
const LazyViewsChart = lazy(() => load().then((m) => ({ default: m.ViewsChart })));
const LazyFunnelChart = lazy(() => load().then((m) => ({ default: m.FunnelChart })));
const LazySourcesChart = lazy(() => load().then((m) => ({ default: m.SourcesChart })));

/**
 * A chart, hidden from assistive technology (the table beside it has its numbers), holding its
 * place at its height while the chart library loads.
 */
function ChartFrame({ height, children }: { height: number; children: React.ReactNode }) {
  return (
    <div className="analytics-chart" aria-hidden="true" style={{ minHeight: height }}>
      <Suspense fallback={<div className="analytics-chart__placeholder" style={{ height }} />}>{children}</Suspense>
    </div>
  );
}

export function ViewsChart(props: ComponentProps<typeof LazyViewsChart>) {
  return (
    <ChartFrame height={240}>
      <LazyViewsChart {...props} />
    </ChartFrame>
  );
}

export function FunnelChart(props: ComponentProps<typeof LazyFunnelChart>) {
  return (
    <ChartFrame height={Math.max(120, props.funnel.length * 34 + 32)}>
      <LazyFunnelChart {...props} />
    </ChartFrame>
  );
}

export function SourcesChart(props: ComponentProps<typeof LazySourcesChart>) {
  return (
    <ChartFrame height={120}>
      <LazySourcesChart {...props} />
    </ChartFrame>
  );
}
