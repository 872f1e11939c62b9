import * as z from 'zod';
import { CaptureAction } from './capture';
import { LOCATOR_STRATEGIES, type LocatorCandidate } from './locator';

/** GET /api/share/{id}/guide-me: what the extension's overlay needs for each step (guide-me.ts). */
const Strategy = z.enum(LOCATOR_STRATEGIES);
export const GuideMeLocator: z.ZodType<LocatorCandidate> = z.union([
  z.object({ strategy: z.literal('role'), role: z.string().max(40), name: z.string().max(300) }),
  z.object({ strategy: Strategy.exclude(['role']), value: z.string().max(1_000) }),
]);

export const GuideMeStepDto = z.object({
  id: z.string(),
  text: z.string().nullable(),
  narration: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** where the author clicked, in the screenshot's pixels */
  click: z.object({ x: z.number(), y: z.number() }).nullable(),
  audioUrl: z.string().nullable(),
  /** what the viewer does at this step; null for a slide that was not captured (an uploaded image) */
  action: CaptureAction.nullable(),
  /** the page the step happens on (origin and path: capture keeps no query or fragment) */
  pageUrl: z.string().nullable(),
  /** the author's viewport width in CSS pixels, to place the click on the viewer's page */
  viewportWidth: z.number().nullable(),
  locators: z.array(GuideMeLocator),
});
export type GuideMeStepDto = z.infer<typeof GuideMeStepDto>;

export const GuideMeDto = z.object({
  id: z.string(),
  title: z.string(),
  steps: z.array(GuideMeStepDto),
});
export type GuideMeDto = z.infer<typeof GuideMeDto>;
