import * as z from 'zod';
import { safeText } from './text';

/**
 * A guide's intro and outro cards: the title screen the player opens on, and the closing screen
 * with an optional call to action (a button that opens the author's link in a new tab). Kept on
 * the guide rather than as special slides, so that ordering, counting, the step numbers and every
 * step-based rule (analytics' steps, `?step=`, drift checks) stay about real steps only.
 */
export const CARD_TITLE_MAX = 120;
export const CARD_SUBTITLE_MAX = 240;
export const CTA_LABEL_MAX = 40;
export const CTA_URL_MAX = 2_000;

/** Only `https:` links with a host: a call to action never runs script (`javascript:`) or leaves TLS. */
export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
}

export const CtaUrl = z
  .string()
  .trim()
  .min(1, 'Enter a link.')
  .max(CTA_URL_MAX, 'Use at most 2,000 characters.')
  .refine(isHttpsUrl, 'Use a full link that starts with https://');

export const CallToAction = z
  .object({
    label: safeText().trim().min(1, 'Enter a button label.').max(CTA_LABEL_MAX, `Use at most ${CTA_LABEL_MAX} characters.`),
    url: CtaUrl,
  })
  .strict();
export type CallToAction = z.infer<typeof CallToAction>;

const CardTitle = safeText().trim().min(1, 'Enter a title.').max(CARD_TITLE_MAX, `Use at most ${CARD_TITLE_MAX} characters.`);

export const IntroCard = z
  .object({
    title: CardTitle,
    subtitle: safeText().trim().max(CARD_SUBTITLE_MAX, `Use at most ${CARD_SUBTITLE_MAX} characters.`).default(''),
  })
  .strict();
export type IntroCard = z.infer<typeof IntroCard>;

export const OutroCard = z
  .object({
    title: CardTitle,
    cta: CallToAction.nullable().default(null),
  })
  .strict();
export type OutroCard = z.infer<typeof OutroCard>;

/** A stored card read back: one that no longer parses (a rule tightened since) is treated as absent. */
export function storedIntro(value: unknown): IntroCard | null {
  const parsed = IntroCard.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function storedOutro(value: unknown): OutroCard | null {
  const parsed = OutroCard.safeParse(value);
  return parsed.success ? parsed.data : null;
}
