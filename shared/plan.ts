/** The one paid plan (spec §1, §3). The Stripe price id is deployment configuration, not here. */
export interface PlanFeature {
  label: string;
  soon?: boolean;
}

export const PRO_PLAN = {
  name: 'Pro',
  tag: 'Everything you need to create, narrate, and share guides.',
  price: 24,
  interval: 'month',
  trialDays: 7,
  features: [
    { label: '1-click capture' },
    { label: 'Smart transcript' },
    { label: 'Unlimited guides' },
    { label: 'Synthetic voiceover' },
    { label: 'Instant embed' },
    { label: 'Private guides' },
    { label: 'Analytics', soon: true },
  ] satisfies PlanFeature[],
} as const;
