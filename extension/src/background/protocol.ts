import { z } from 'zod';
import type { ContentMessage, PopupMessage } from '../messages';

/**
 * Parses what content scripts and the popup send. A page's renderer may be compromised, so the
 * worker reads nothing from it without a shape check, and caps every string.
 */
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullable().optional();
const finite = z.number().finite();
const Point = z.object({ x: finite, y: finite });
const Rect = z.object({ x: finite, y: finite, width: finite.min(0), height: finite.min(0) });

const StepElement = z.object({
  tag: text(40),
  role: nullableText(40),
  name: nullableText(300),
  type: nullableText(40),
  label: nullableText(300),
  placeholder: nullableText(300),
  title: nullableText(300),
  alt: nullableText(300),
  text: nullableText(300),
  checked: z.boolean().nullable().optional(),
  redacted: z.boolean().nullable().optional(),
  // What finds the element again in a drift check and in Guide me (shared/locator.ts): structure, never content.
  testId: nullableText(300),
  elementId: nullableText(300),
  fieldName: nullableText(300),
  cssPath: nullableText(1_000),
});

const Target = z.object({ element: StepElement, box: Rect.nullable(), unlocated: z.boolean().optional() });
const Page = z.object({ title: text(1000), url: text(8000) });

/** a salted fingerprint (lib/secret-match.ts): numbers below the hashes' primes */
const Print = z.object({ length: z.number().int().min(3).max(200), h1: z.number().int().min(0).max(2 ** 26), h2: z.number().int().min(0).max(2 ** 26) }).strict();

const ContentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('typed'), fieldId: text(64), print: Print }),
  z.object({
    type: z.literal('press'),
    pressId: text(64),
    clean: z.boolean(),
    view: z.object({ documentToken: text(64), scrollX: finite, scrollY: finite }).nullable(),
  }),
  z.object({
    type: z.literal('step'),
    pressId: text(64).nullable(),
    action: z.enum(['click', 'type', 'select']),
    target: Target,
    point: Point.nullable(),
    option: nullableText(300),
    viewportWidth: finite,
    page: Page,
  }),
  z.object({ type: z.literal('dirty') }),
  z.object({ type: z.literal('settled') }),
  z.object({ type: z.literal('control'), action: z.enum(['pause', 'resume', 'discardLast', 'stop']) }),
]);

const Id = text(100);
const PopupMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('popup/start'), tabId: z.number().int(), orgId: Id.nullable(), folderId: Id.nullable() }),
  z.object({ type: z.literal('popup/control'), action: z.enum(['pause', 'resume', 'discardLast', 'stop', 'cancel']) }),
  z.object({ type: z.literal('popup/retry'), captureId: Id }),
  z.object({ type: z.literal('popup/discard'), captureId: Id }),
  z.object({ type: z.literal('popup/lastWebTab') }),
  z.object({ type: z.literal('popup/openAuth'), returnTabId: z.number().int().nullable(), mode: z.enum(['sign-in', 'sign-up']).optional() }),
]);

export function parseContentMessage(raw: unknown): ContentMessage | undefined {
  const parsed = ContentMessageSchema.safeParse(raw);
  return parsed.success ? (parsed.data) : undefined;
}

export function parsePopupMessage(raw: unknown): PopupMessage | undefined {
  const parsed = PopupMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
