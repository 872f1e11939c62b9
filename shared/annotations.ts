import * as z from 'zod';
import { safeText } from './text';
import {
  ANNOTATION_COLOUR_KEYS,
  ANNOTATION_ID_PATTERN,
  MAX_ANNOTATIONS,
  MAX_LABEL_LENGTH,
  type Annotation as AnnotationShape,
} from './annotation-geometry';

/**
 * A slide's annotations as the API accepts them (PATCH /api/guides/{id}/slides/{slideId}
 * `annotations`, the whole list at once) and answers them. The shapes, their geometry and the one
 * SVG drawing of them are in annotation-geometry.ts and annotation-svg.ts, which carry no zod.
 */
export * from './annotation-geometry';

const Fraction = z.number('Use a number from 0 to 1.').finite().min(0, 'Use a number from 0 to 1.').max(1, 'Use a number from 0 to 1.');
const Point = z.object({ x: Fraction, y: Fraction }).strict();
const common = {
  id: z.string().regex(ANNOTATION_ID_PATTERN, 'Not a valid annotation id.'),
  colour: z.enum(ANNOTATION_COLOUR_KEYS, 'Use a colour from the palette.'),
};

export const Annotation = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...common, kind: z.literal('arrow'), from: Point, to: Point }).strict(),
    z
      .object({ ...common, kind: z.literal('rect'), x: Fraction, y: Fraction, width: Fraction, height: Fraction })
      .strict()
      .refine((rect) => rect.x + rect.width <= 1 + 1e-9 && rect.y + rect.height <= 1 + 1e-9, 'A rectangle must lie inside the screenshot.'),
    z
      .object({
        ...common,
        kind: z.literal('label'),
        x: Fraction,
        y: Fraction,
        text: safeText().trim().min(1, 'Enter the label text.').max(MAX_LABEL_LENGTH, `Use at most ${MAX_LABEL_LENGTH} characters.`),
      })
      .strict(),
    z.object({ ...common, kind: z.literal('badge'), x: Fraction, y: Fraction }).strict(),
  ],
  'Use an arrow, a rectangle, a label or a badge.',
);

export const Annotations = z
  .array(Annotation)
  .max(MAX_ANNOTATIONS, `Use at most ${MAX_ANNOTATIONS} annotations on a step.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [index, annotation] of list.entries()) {
      if (seen.has(annotation.id)) ctx.addIssue({ code: 'custom', message: 'Each annotation needs its own id.', path: [index, 'id'] });
      seen.add(annotation.id);
    }
  });

export type AnnotationInput = z.infer<typeof Annotation>;

/** The schema and the shapes the renderers draw are one type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const annotationTypesAgree: Same<AnnotationInput, AnnotationShape> = true;

/** What a stored slide holds (written through the schema above): the list, or none when it is absent or unreadable. */
export function storedAnnotations(value: unknown): AnnotationShape[] {
  const parsed = Annotations.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}
