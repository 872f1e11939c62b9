// The organisation's brand (Pro): read it, set it, upload its logo.
import { BrandSettings, LogoUploadBody } from '#shared/brand';
import { defineHandler } from '../../core/http';
import { BrandSettings as Brand } from '../../domain/brand';
import { Versions } from '../../domain/guides';
import { requireMember } from '../actor';

// GET /api/brand — the active organisation's brand, and whether its plan shows it (any member)
export const getBrand = defineHandler({}, async ({ event }) => {
  const { member } = await requireMember(event);
  return Brand.get(member);
});

// PUT /api/brand — replace the brand (organization:update; Pro, else plan_limit; colours must pass WCAG AA)
export const putBrand = defineHandler({ body: BrandSettings }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  const saved = await Brand.put(member, body);
  // Link previews are drawn in the brand too: the published guides' are redrawn now.
  await Versions.refreshOrganizationSocialImages(member.orgId);
  return saved;
});

// POST /api/brand/logo-uploads — a presigned POST for one logo: { url, fields, key } (organization:update, Pro)
export const createLogoUpload = defineHandler({ body: LogoUploadBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  return Brand.presignLogo(member, body.contentType, body.contentLength);
});
