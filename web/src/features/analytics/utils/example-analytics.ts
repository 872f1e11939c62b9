import type { GuideAnalytics } from '#shared/analytics/contracts';
import { daysBetween, lastDays } from '#shared/analytics/days';
import { funnel } from '#shared/analytics/funnel';

/**
 * Made-up numbers of a made-up guide, for the picture of the analytics page that a free plan
 * sees blurred behind the upgrade prompt. Nothing here is anyone's data.
 */
export function exampleAnalytics(days: number, now = Date.now()): GuideAnalytics {
  const { from, to } = lastDays(days, now);
  const daily = daysBetween(from, to).map((date, i) => {
    const views = Math.round(40 + 18 * Math.sin(i / 2.3) + i * 1.5);
    return { date, views, uniqueViewers: Math.round(views * 0.8), completions: Math.round(views * 0.5), ctaClicks: Math.round(views * 0.12) };
  });
  const sum = (key: 'views' | 'uniqueViewers' | 'completions' | 'ctaClicks') => daily.reduce((total, day) => total + day[key], 0);
  const viewers = sum('uniqueViewers');
  const reached = Object.fromEntries([1, 0.92, 0.81, 0.74, 0.58, 0.55].map((share, i) => [i + 1, Math.round(viewers * share)]));
  return {
    guideId: 'example00000',
    title: 'Example guide',
    from,
    to,
    stepCount: 6,
    totals: {
      views: sum('views'),
      uniqueViewers: viewers,
      completions: sum('completions'),
      completionRate: sum('completions') / viewers,
      ctaClicks: sum('ctaClicks'),
      embedViews: Math.round(sum('views') * 0.64),
      linkViews: sum('views') - Math.round(sum('views') * 0.64),
      tried: Math.round(viewers * 0.3),
      completedByTrying: Math.round(viewers * 0.22),
    },
    daily,
    funnel: funnel(reached, 6, viewers),
    referrers: [
      { host: 'help.example.com', views: 210 },
      { host: '', views: 96 },
    ],
  };
}
