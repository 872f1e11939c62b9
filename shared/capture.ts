import * as z from 'zod';
import { SENSITIVE_TEXT_KINDS } from './redaction';

/**
 * What capture recorded for one step, as the API stores it on the slide (`slide.capture`) and
 * the transcript providers read it. Values typed by the author are never part of it: the
 * extension drops the value, text and option of a sensitive element before upload, and marks the
 * element `redacted`.
 */
const Text = z.string().max(500).nullable().optional();

export const CaptureAction = z.enum(['click', 'type', 'select', 'navigate', 'submit']);
export type CaptureAction = z.infer<typeof CaptureAction>;

export const CaptureElement = z
  .object({
    /** lowercase tag name: `button`, `a`, `input`, `select`, … */
    tag: z.string().max(40),
    /** ARIA role, explicit or implicit */
    role: Text,
    /** accessible name, redacted subtrees left out */
    name: Text,
    /** the `type` of an input */
    type: Text,
    /** a label found near the element when it has no accessible name */
    label: Text,
    placeholder: Text,
    title: Text,
    alt: Text,
    /** a trimmed snippet of the element's visible text */
    text: Text,
    /** after the click, for checkboxes, switches and radios */
    checked: z.boolean().nullable().optional(),
    /** the element (or an ancestor) is covered in the screenshot: never name it by its content */
    redacted: z.boolean().nullable().optional(),
    /** `data-testid` / `data-test` when the app has one (a locator for replays) */
    testId: Text,
    /** the element's own `id`, when it looks written by a person (no generated digit runs) */
    elementId: Text,
    /** a form field's `name` attribute (what the form sends it as; never its value) */
    fieldName: Text,
    /** a CSS path, the locator of last resort */
    cssPath: z.string().max(1_000).nullable().optional(),
  })
  .strict();
export type CaptureElement = z.infer<typeof CaptureElement>;

export const CapturePage = z
  .object({
    title: Text,
    /** the page's URL without query or fragment (they may hold tokens) */
    url: z.string().max(2_000).nullable().optional(),
    /** the viewport's width in CSS pixels: the screenshot's width over it is the screen's pixel ratio (a replay lays the page out at this size) */
    viewportWidth: z.number().int().positive().max(20_000).nullable().optional(),
  })
  .strict();

/** More personal data than this on one screenshot is not offered box by box. */
export const MAX_PERSONAL_BOXES = 100;

/**
 * Personal data the screenshot showed when it was captured (issue 27): a value typed earlier in
 * the capture, or text shaped like an e-mail address, a card or account number or a token
 * (shared/redaction.ts). Its box in screenshot pixels, never what it says; `blurred` when the
 * extension blurred it before upload (the account's setting), otherwise the design view offers it.
 */
export const PersonalDataBox = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    kind: z.enum(SENSITIVE_TEXT_KINDS),
    blurred: z.boolean().optional(),
  })
  .strict();
export type PersonalDataBox = z.infer<typeof PersonalDataBox>;

export const CaptureMeta = z
  .object({
    action: CaptureAction,
    element: CaptureElement.nullable().optional(),
    /** `select`: the chosen option's label (absent when the element is redacted) */
    option: Text,
    /** the page the step happened on */
    page: CapturePage.nullable().optional(),
    /** `type`: the field's box in screenshot pixels (the design view suggests redacting it) */
    box: z
      .object({ x: z.number().int().min(0), y: z.number().int().min(0), width: z.number().int().positive(), height: z.number().int().positive() })
      .strict()
      .nullable()
      .optional(),
    /** personal data the screenshot showed (PersonalDataBox) */
    personal: z.array(PersonalDataBox).max(MAX_PERSONAL_BOXES).optional(),
  })
  .strict();
export type CaptureMeta = z.infer<typeof CaptureMeta>;

/**
 * A captured page's URL as Stepcast keeps and answers it: origin and path only, never the query or
 * fragment (they may hold tokens, `?token=…#access_token=…`); null for anything but http(s). The
 * extension sends it so; the API applies it again on the way in, and on the way out for slides
 * stored before it did.
 */
export function keptPageUrl(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol, origin, pathname } = new URL(url);
  return protocol === 'http:' || protocol === 'https:' ? `${origin}${pathname}` : null;
}

/** A capture record whose page URL is kept as keptPageUrl says. */
export function withKeptPageUrl(capture: CaptureMeta): CaptureMeta {
  if (!capture.page?.url) return capture;
  return { ...capture, page: { ...capture.page, url: keptPageUrl(capture.page.url) } };
}
