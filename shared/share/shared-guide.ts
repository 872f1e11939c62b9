import * as z from 'zod/mini';
import { ANNOTATION_COLOUR_KEYS, DEFAULT_ANNOTATION_COLOUR } from '../annotation-geometry';
import { DEFAULT_HIGHLIGHT_VISIBLE, DEFAULT_ZOOM_LEVEL } from '../guide-defaults';
import { BRAND_FONT_IDS, DEFAULT_SHOWN_BRAND } from '../brand-look';

/**
 * GET /api/share/{id}: what every viewer of a published guide receives (no cookie needed).
 * Written with zod's mini build: the embed parses it on other sites' pages and must stay small
 * (the full build alone is ~14 KB gzip). The guide's id, title and slides (each with its id) are
 * required; what the player can do without takes the API's own default when absent, so an older
 * answer still plays. A field of the wrong type fails; unknown fields are dropped.
 */
const orNull = <T extends z.core.SomeType>(schema: T) => z._default(z.nullable(schema), null);

const Point = z.object({ x: z.number(), y: z.number() });
const Word = z.object({ startMs: z.number(), endMs: z.number(), text: z.string() });
/** checked when written (shared/annotations.ts); a colour this build does not know draws in the default */
const annotation = <S extends z.core.$ZodLooseShape>(shape: S) => z.object({ id: z.string(), colour: z.catch(z.enum(ANNOTATION_COLOUR_KEYS), DEFAULT_ANNOTATION_COLOUR), ...shape });
const SharedAnnotation = z.discriminatedUnion('kind', [
  annotation({ kind: z.literal('arrow'), from: Point, to: Point }),
  annotation({ kind: z.literal('rect'), x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  annotation({ kind: z.literal('label'), x: z.number(), y: z.number(), text: z.string() }),
  annotation({ kind: z.literal('badge'), x: z.number(), y: z.number() }),
]);

export const SharedSlideDto = z.object({
  id: z.string(),
  title: orNull(z.string()),
  text: orNull(z.string()),
  narration: orNull(z.string()),
  screenshotUrl: orNull(z.string()),
  width: orNull(z.number()),
  height: orNull(z.number()),
  click: orNull(Point),
  /** the effective values: the slide's override when it has the right type, else the guide's default */
  zoomLevel: z._default(z.number(), DEFAULT_ZOOM_LEVEL),
  isHighlightVisible: z._default(z.boolean(), DEFAULT_HIGHLIGHT_VISIBLE),
  /** the slide's voiceover, when it has one */
  audioUrl: orNull(z.string()),
  audioDurationMs: orNull(z.number()),
  /** when each word of the narration is spoken, for captions that follow the voice; empty without audio */
  words: z._default(z.array(Word), []),
  /** drawn over the screenshot by shared/annotation-svg.ts */
  annotations: z._default(z.array(SharedAnnotation), []),
  /** the step was typing into a field (capture's `type` action): the try view asks for text */
  typing: z._default(z.boolean(), false),
});
export type SharedSlideDto = z.infer<typeof SharedSlideDto>;

/** a colour the pages write into CSS: exactly #rrggbb, else Stepcast's (nothing else reaches a style) */
const brandColour = (fallback: string) => z.catch(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)), fallback);
/** the organisation's brand (shared/brand-look.ts ShownBrand): Stepcast's own for free organisations */
export const SharedBrand = z.object({
  primaryColor: brandColour(DEFAULT_SHOWN_BRAND.primaryColor),
  accentColor: brandColour(DEFAULT_SHOWN_BRAND.accentColor),
  font: z.catch(z.enum(BRAND_FONT_IDS), DEFAULT_SHOWN_BRAND.font),
  showBadge: z._default(z.boolean(), true),
  logoUrl: orNull(z.string()),
});
export type SharedBrand = z.infer<typeof SharedBrand>;

export const SharedGuideDto = z.object({
  id: z.string(),
  title: z.string(),
  organizationName: z._default(z.string(), ''),
  visibility: z._default(z.enum(['public', 'private']), 'public'),
  updatedAt: z._default(z.string(), ''),
  /** the 1200×630 social preview (og:image), when one has been made */
  socialImageUrl: orNull(z.string()),
  slides: z.array(SharedSlideDto),
  /** the opening and closing cards (shared/guide-cards.ts), when the author made them */
  introCard: orNull(z.object({ title: z.string(), subtitle: z._default(z.string(), '') })),
  outroCard: orNull(z.object({ title: z.string(), cta: orNull(z.object({ label: z.string(), url: z.string() })) })),
  /** the language of these words (BCP 47): the guide's own, or the translation asked for with `?lang=` */
  language: z._default(z.string(), 'en-US'),
  /** every language the guide can be read in, its own first: the share page's language picker */
  languages: z._default(z.array(z.object({ code: z.string(), name: z.string() })), []),
  /** Guide me can walk it: some step was captured on a web page (not a guide made from uploaded pictures); absent: no */
  guideMe: z.optional(z.boolean()),
  /**
   * whether the guide's organisation may embed it (Pro): the edge answers a free organisation's
   * embed with 402. Absent only in an answer cached from before the field existed, which embeds
   * as it did then, for the minute CloudFront keeps it.
   */
  embed: z._default(z.boolean(), true),
  /**
   * the look viewers see (issue 32): the share page, the embed and the edge's frame draw it from
   * here (web/src/features/share/utils/brand-style.ts). Absent (an answer cached from before it, a
   * preview): Stepcast's own, DEFAULT_SHOWN_BRAND.
   */
  brand: z.optional(SharedBrand),
  /** the author lets search engines index the share page (public guides only); absent: noindex */
  indexable: z._default(z.boolean(), false),
});
export type SharedGuideDto = z.infer<typeof SharedGuideDto>;

/** Social preview image size. */
export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
