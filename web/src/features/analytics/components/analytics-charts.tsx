import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay, GuideAnalytics } from '#shared/analytics/contracts';
import { formatCount, formatDay, formatPercent } from '../utils/format';

/**
 * The analytics pages' charts, with Recharts. This module is loaded lazily, by the analytics
 * pages only: no other page carries the chart library. Each chart is a picture of the table
 * beside it (which is what assistive technology reads), so the charts leave out Recharts'
 * keyboard layer and are hidden from the accessibility tree by their container.
 */

/** Series colours: 3:1 or more against white, as graphics need (WCAG 1.4.11). */
export const SERIES = { views: '#4f46e5', viewers: '#0f766e', muted: '#94a3b8' } as const;
const AXIS = { fontSize: 12, fill: '#475569' };

export function ViewsChart({ daily }: { daily: readonly AnalyticsDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <AreaChart data={[...daily]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
        <defs>
          <linearGradient id="analytics-views-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={SERIES.views} stopOpacity={0.28} />
            <stop offset="100%" stopColor={SERIES.views} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDay} tick={AXIS} tickLine={false} axisLine={false} minTickGap={28} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} tickFormatter={formatCount} />
        <Tooltip labelFormatter={(label) => formatDay(typeof label === 'string' ? label : '')} formatter={(value) => formatCount(Number(value))} />
        <Legend iconType="plainline" wrapperStyle={{ fontSize: 13 }} />
        <Area type="monotone" dataKey="views" name="Views" stroke={SERIES.views} strokeWidth={2} fill="url(#analytics-views-fill)" isAnimationActive={false} />
        <Area type="monotone" dataKey="uniqueViewers" name="Unique viewers" stroke={SERIES.viewers} strokeWidth={2} fill="none" isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

export function FunnelChart({ funnel }: { funnel: GuideAnalytics['funnel'] }) {
  const data = funnel.map((step) => ({ ...step, label: `Step ${step.step}` }));
  // A bar per step: tall enough to read on a phone, however long the guide.
  const height = Math.max(120, data.length * 34 + 32);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 40, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} tickFormatter={formatCount} />
        <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={64} />
        <Tooltip formatter={(value, _name, item) => [`${formatCount(Number(value))} (${formatPercent((item.payload as { reachRate: number }).reachRate)})`, 'Viewers']} />
        <Bar dataKey="viewers" name="Viewers" radius={[0, 4, 4, 0]} isAnimationActive={false} label={{ position: 'right', fontSize: 12, fill: '#0f172a', formatter: (value: unknown) => formatCount(Number(value)) }}>
          {data.map((step) => (
            <Cell key={step.step} fill={SERIES.views} fillOpacity={0.35 + 0.65 * step.reachRate} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SourcesChart({ embedViews, linkViews }: { embedViews: number; linkViews: number }) {
  const data = [
    { source: 'Share link', views: linkViews, fill: SERIES.views },
    { source: 'Embed', views: embedViews, fill: SERIES.viewers },
  ];
  return (
    <ResponsiveContainer width="100%" height={120}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 40, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="source" tick={AXIS} tickLine={false} axisLine={false} width={80} />
        <Bar dataKey="views" name="Views" radius={[0, 4, 4, 0]} isAnimationActive={false} label={{ position: 'right', fontSize: 12, fill: '#0f172a' }}>
          {data.map((row) => (
            <Cell key={row.source} fill={row.fill} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
