import * as z from 'zod';
import { isHexColour } from './brand-contrast';
import { BRAND_FONT_IDS, LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from './brand-look';

/**
 * An organisation's brand (Pro, issue 32): what its viewers see instead of Stepcast's look on the
 * share page, the embed, the edge's first frame, the social image and the exports. GET and PUT
 * /api/brand. Free organisations are shown DEFAULT_BRAND whatever they stored.
 */

const HexColour = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isHexColour, 'Use a colour written as #rrggbb, like #4338ca.');

export const BrandSettings = z
  .object({
    /** an uploaded logo (its key from POST /api/brand/logo-uploads, checked when saved), or none */
    logoKey: z.string().min(1).max(300).nullable(),
    primaryColor: HexColour,
    accentColor: HexColour,
    font: z.enum(BRAND_FONT_IDS, `Choose one of: ${BRAND_FONT_IDS.join(', ')}.`),
    showBadge: z.boolean(),
  })
  .strict();
export type BrandSettings = z.infer<typeof BrandSettings>;

/** GET and PUT /api/brand answer: the settings, the logo's URL, and whether the plan shows them. */
export const BrandDto = BrandSettings.extend({
  logoUrl: z.string().nullable(),
  /** false on a free plan: viewers see DEFAULT_BRAND until the organisation is Pro */
  applied: z.boolean(),
});
export type BrandDto = z.infer<typeof BrandDto>;

export const LogoUploadBody = z
  .object({
    contentType: z.enum(LOGO_CONTENT_TYPES, 'Use a PNG, JPEG or WebP image (SVG is not accepted).'),
    contentLength: z.number().int().min(1).max(MAX_LOGO_BYTES, 'Logos are limited to 1 MB.'),
  })
  .strict();
