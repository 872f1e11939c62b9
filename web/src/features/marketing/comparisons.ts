import { FREE_GUIDE_LIMIT, PRO_PLAN } from '#shared/plan';
import { paths } from '#web/config/paths';

/**
 * The comparison pages' facts. Every fact about a peer comes from its own help centre, as
 * gathered in shared/competitors.md, and cites the article it comes from where that is known;
 * "not found" means no source said so, not that the feature is missing. The Stepcast column
 * describes the product as specified (product-spec.md, design.md) and as the code enforces it
 * (#shared/plan, #shared/redaction).
 */

export type PeerId = 'scribe' | 'loom' | 'guidde';

export interface Source {
  id: string;
  /** what the article covers, as it is cited */
  label: string;
  url: string;
}

export interface Fact {
  text: string;
  /** ids of the peer's sources that state it */
  sources?: readonly string[];
}

export interface ComparisonRow {
  topic: string;
  stepcast: string;
  peers: Record<PeerId, Fact>;
}

export interface Peer {
  id: PeerId;
  name: string;
  href: string;
  /** one line on what the peer is */
  summary: string;
  /** the comparison page's opening: how the two differ, in a sentence or three */
  intro: string;
  sources: readonly Source[];
  /** where the peer is the better choice, said plainly */
  strengths: readonly Fact[];
}

const PRICE = `${PRO_PLAN.name}: ${PRO_PLAN.price} per ${PRO_PLAN.interval}, with a ${PRO_PLAN.trialDays}-day free trial`;

export const PEERS: Record<PeerId, Peer> = {
  scribe: {
    id: 'scribe',
    name: 'Scribe',
    href: paths.compare.scribe.getHref(),
    summary: 'Step-by-step documents captured from the browser or the desktop.',
    intro:
      'Scribe and Stepcast both turn a click-through into step-by-step instructions. Scribe makes a document you read; Stepcast makes a guide that plays itself step by step, with a narration line for each step. Here is how they compare, and when Scribe is the better choice.',
    sources: [
      { id: 'scribe-pricing', label: 'Scribe Help Center: plans and pricing', url: 'https://support.scribehow.com/hc/en-us/articles/8814006288285' },
      { id: 'scribe-redaction', label: 'Scribe Help Center: redaction', url: 'https://support.scribehow.com/hc/en-us/articles/9485388950045' },
      { id: 'scribe-enterprise-1', label: 'Scribe Help Center: Enterprise controls', url: 'https://support.scribehow.com/hc/en-us/articles/34096427257501' },
      { id: 'scribe-enterprise-2', label: 'Scribe Help Center: Enterprise controls', url: 'https://support.scribehow.com/hc/en-us/articles/10857957485597' },
    ],
    strengths: [
      { text: 'It captures desktop applications as well, with its desktop app; Stepcast captures in the browser only.' },
      { text: 'It exports to Word as well as PDF.' },
      {
        text: 'On Enterprise it redacts more than 100 types of data automatically, a wider net than the field rules Stepcast applies.',
        sources: ['scribe-redaction'],
      },
      {
        text: 'On Enterprise it offers viewer insights, SSO and SCIM. Stepcast has no analytics yet and no SSO.',
        sources: ['scribe-enterprise-1', 'scribe-enterprise-2'],
      },
    ],
  },
  loom: {
    id: 'loom',
    name: 'Loom',
    href: paths.compare.loom.getHref(),
    summary: 'Screen and camera video messages.',
    intro:
      'Loom records your screen and your camera as a video. Stepcast turns a click-through into a step-by-step guide with a screenshot, text and a spoken line for every step, so viewers can follow at their own pace. Here is how they compare, and when Loom is the better choice.',
    sources: [
      { id: 'loom-plans', label: 'Loom Help Center: plans', url: 'https://support.loom.com/hc/en-us/articles/360007492417' },
      { id: 'loom-privacy-1', label: 'Loom Help Center: video privacy', url: 'https://support.loom.com/hc/en-us/articles/4403323927953' },
      { id: 'loom-privacy-2', label: 'Loom Help Center: video privacy', url: 'https://support.loom.com/hc/en-us/articles/360016527597' },
      { id: 'loom-starter', label: 'Loom Help Center: Starter plan limits', url: 'https://support.loom.com/hc/en-us/articles/360008589938' },
    ],
    strengths: [
      { text: 'It records your screen and your camera together: a person explaining, not a sequence of screenshots.' },
      { text: 'It has engagement insights today; analytics are still coming to Stepcast.' },
      { text: 'It can protect a video with a password or limit it to your company.', sources: ['loom-privacy-1', 'loom-privacy-2'] },
      {
        text: `Business costs 15 per creator per month and viewers are free, less per creator than Stepcast's ${PRO_PLAN.price}.`,
        sources: ['loom-plans'],
      },
    ],
  },
  guidde: {
    id: 'guidde',
    name: 'Guidde',
    href: paths.compare.guidde.getHref(),
    summary: 'AI-narrated video guides with a step-by-step document.',
    intro:
      'Guidde and Stepcast both make narrated guides from a capture in the browser. The differences are in the voices, the privacy features and how the plans are cut. Here is how they compare, and when Guidde is the better choice.',
    sources: [
      { id: 'guidde-voices', label: 'Guidde Help Center: voices and plans', url: 'https://help.guidde.com/en/articles/14687485' },
      { id: 'guidde-translation', label: 'Guidde Help Center: translation', url: 'https://help.guidde.com/en/articles/10994223' },
      { id: 'guidde-sharing', label: 'Guidde Help Center: sharing', url: 'https://help.guidde.com/en/articles/6362194' },
      { id: 'guidde-analytics', label: 'Guidde Help Center: analytics', url: 'https://help.guidde.com/en/articles/6364616' },
      { id: 'guidde-workspace', label: 'Guidde Help Center: workspace settings and Privacy Mode', url: 'https://help.guidde.com/en/articles/8587011' },
    ],
    strengths: [
      {
        text: 'Its voices can be filtered by language, premium voices are available as a Business add-on, and a pronunciation dictionary fixes names.',
        sources: ['guidde-voices'],
      },
      { text: 'It translates guides, as an Enterprise add-on.', sources: ['guidde-translation'] },
      {
        text: 'It reports views, the share of each guide watched and who watched; Stepcast has no analytics yet.',
        sources: ['guidde-analytics'],
      },
      {
        text: 'A guide can be public but not indexed, limited to the workspace, or restricted.',
        sources: ['guidde-sharing'],
      },
    ],
  },
};

export const PEER_IDS = ['scribe', 'loom', 'guidde'] as const satisfies readonly PeerId[];

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  {
    topic: 'Capture',
    stepcast: 'Chrome extension: one click to start; every click, typed field and page becomes a step with its screenshot',
    peers: {
      scribe: { text: 'Chrome and Edge extension, and a desktop app' },
      loom: { text: 'Screen and camera recorder (extension and desktop app)' },
      guidde: { text: 'Browser extension' },
    },
  },
  {
    topic: 'Step text',
    stepcast: 'Smart transcript: the text of every step and a spoken line to go with it, all editable',
    peers: {
      scribe: { text: 'Generated automatically' },
      loom: { text: 'AI titles and summaries' },
      guidde: { text: 'A video plus a step-by-step document' },
    },
  },
  {
    topic: 'AI voiceover',
    stepcast: `A narration line on every step, played as captions today; synthetic voiceover in ${PRO_PLAN.name} is coming soon`,
    peers: {
      scribe: { text: 'Embeds can play a "movie" mode with captions and audio' },
      loom: { text: 'Not found' },
      guidde: {
        text: 'Voices filterable by language; premium voices are a Business add-on (60 minutes per seat); translation is an Enterprise add-on; pronunciation dictionary',
        sources: ['guidde-voices', 'guidde-translation'],
      },
    },
  },
  {
    topic: 'Redaction',
    stepcast: 'Password, email, phone, card and one-time-code fields, and any selectors you add, are covered in your browser before upload, on every plan',
    peers: {
      scribe: { text: 'Auto-redaction of 100+ data types, Enterprise only', sources: ['scribe-redaction'] },
      loom: { text: 'Not found' },
      guidde: { text: 'Default blurring ("Privacy Mode"), Enterprise only', sources: ['guidde-workspace'] },
    },
  },
  {
    topic: 'Export',
    stepcast: `Share link and embed today; narrated video (MP4), PDF, Markdown and HTML exports in ${PRO_PLAN.name} are coming soon`,
    peers: {
      scribe: { text: 'PDF, Word' },
      loom: { text: 'Video download' },
      guidde: { text: 'Export and embed menu' },
    },
  },
  {
    topic: 'Sharing',
    stepcast: `Public link and embed; private guides that only your organisation can open, in ${PRO_PLAN.name}`,
    peers: {
      scribe: { text: 'Embed; organisation-wide share limits on Enterprise', sources: ['scribe-enterprise-1', 'scribe-enterprise-2'] },
      loom: { text: 'Password and company-only links; restrictions on Enterprise', sources: ['loom-privacy-1', 'loom-privacy-2'] },
      guidde: {
        text: 'Public (not indexed), workspace or restricted; advanced controls on Business and up',
        sources: ['guidde-sharing'],
      },
    },
  },
  {
    topic: 'Analytics',
    stepcast: `Views, unique viewers, completion rate, step-by-step drop-off, CTA clicks, referrers and embed vs link, per guide and per workspace, in ${PRO_PLAN.name}`,
    peers: {
      scribe: { text: 'Viewer insights on Enterprise', sources: ['scribe-enterprise-1', 'scribe-enterprise-2'] },
      loom: { text: 'Engagement insights' },
      guidde: { text: 'Views (5 seconds or more), % watched, per viewer', sources: ['guidde-analytics'] },
    },
  },
  {
    topic: 'Teams and SSO',
    stepcast: 'Organisations with owner, admin and member roles, teams and invitations; no SSO',
    peers: {
      scribe: { text: 'Admin, Member and Viewer roles; SSO and SCIM on Enterprise', sources: ['scribe-enterprise-1', 'scribe-enterprise-2'] },
      loom: { text: 'Creator and Viewer; SSO and SCIM on Enterprise', sources: ['loom-plans'] },
      guidde: { text: 'Spaces and folders; SSO on Enterprise', sources: ['guidde-workspace'] },
    },
  },
  {
    topic: 'Paid plan',
    stepcast: PRICE,
    peers: {
      scribe: { text: 'Pro Personal 29 per user per month; Pro Team 75 per month for up to 5 users', sources: ['scribe-pricing'] },
      loom: { text: 'Business 15 per creator per month; viewers free', sources: ['loom-plans'] },
      guidde: { text: 'Pro, Business and Enterprise, priced per seat', sources: ['guidde-voices'] },
    },
  },
  {
    topic: 'Without paying',
    stepcast: `Up to ${FREE_GUIDE_LIMIT} guides; voiceover, embeds, private guides and exports need ${PRO_PLAN.name}`,
    peers: {
      scribe: { text: 'Basic plan', sources: ['scribe-pricing'] },
      loom: { text: 'Starter plan, with a 5-minute recording limit', sources: ['loom-starter'] },
      guidde: { text: 'Free plan', sources: ['guidde-voices'] },
    },
  },
];

export interface Difference {
  title: string;
  body: string;
  /** ids of peers' sources behind what the point says about them */
  sources?: readonly string[];
}

/** What Stepcast does differently from all three, each point true of the product as built. */
export const DIFFERENCES: readonly Difference[] = [
  {
    title: 'One plan, nothing held back',
    body: `${PRICE}. Voiceover, embeds, private guides and exports are all in it, not spread across tiers and add-ons.`,
  },
  {
    title: 'Redaction on every plan',
    body: "Sensitive fields are covered with a solid fill in your browser before a screenshot is uploaded. Scribe's automatic redaction and Guidde's default blurring are Enterprise features.",
    sources: ['scribe-redaction', 'guidde-workspace'],
  },
  {
    title: 'Step by step, then narrated',
    body: 'Every step keeps its screenshot with the click highlighted, its text and its spoken line, so a viewer can follow at their own pace or just press play.',
  },
  {
    title: 'Captures are not lost',
    body: 'Steps wait on your device until the server has them, so a long capture survives a dropped connection.',
  },
];
