import { BrandSettings, type BrandDto } from '#shared/brand';
import { BRAND_MIN_CONTRAST, BRAND_TEXT, DEFAULT_BRAND } from '#shared/brand-look';
import { contrastRatio, formatRatio, passingShade } from '#shared/brand-contrast';
import { AppError } from '#shared/errors';
import { db } from '../../db/service';
import { Entitlements } from '../billing';
import { requirePermission, type Member } from '../members';
import { Asset, ShareCache } from '../platform';
import * as Logo from './logo';
import { forgetShown } from './shown';

/**
 * An organisation's brand (issue 32): stored on the organisation, set by those who may update it
 * (admins and owners) while it is Pro, shown to viewers only while it is Pro. Free organisations,
 * and Pro ones whose plan lapses, are shown DEFAULT_BRAND: what they saved waits for Pro again.
 */

const COLOUR_NAMES = { primaryColor: 'primary colour', accentColor: 'accent colour' } as const;

/** What the organisation saved, or Stepcast's own look; a stored value that no longer parses reads as the default. */
async function stored(orgId: string): Promise<BrandSettings> {
  const { data } = await db().entities.organization.get({ orgId }).go({ attributes: ['brand'] });
  if (!data) throw new AppError('not_found', 'Organization not found.');
  return BrandSettings.safeParse(data.brand).data ?? { ...DEFAULT_BRAND };
}

function dto(settings: BrandSettings, applied: boolean): BrandDto {
  return { ...settings, logoUrl: settings.logoKey ? Asset.assetUrl(settings.logoKey) : null, applied };
}

/** GET /api/brand: any member may read it (the settings page shows it locked to members who cannot change it). */
export async function get(member: Member): Promise<BrandDto> {
  const [settings, rights] = await Promise.all([stored(member.orgId), Entitlements.forOrganization(member.orgId)]);
  return dto(settings, rights.brand);
}

/** The plan first: in a free organisation everyone hears that the brand is Pro's, whatever their role. */
async function requirePro(orgId: string): Promise<void> {
  if (!(await Entitlements.forOrganization(orgId)).brand) {
    throw new AppError('plan_limit', 'Your brand on guides is a Pro feature. Start your Pro trial to show your logo, colours and font.');
  }
}

/**
 * WCAG AA for each colour against the text it carries (BRAND_TEXT): a failing one is refused with
 * its ratio and the nearest shade that passes, in the message and in `details`.
 */
export function checkContrast(settings: Pick<BrandSettings, 'primaryColor' | 'accentColor'>): void {
  const details: Record<string, string> = {};
  for (const field of ['primaryColor', 'accentColor'] as const) {
    const colour = settings[field];
    const ratio = contrastRatio(colour, BRAND_TEXT[field]);
    if (ratio >= BRAND_MIN_CONTRAST) continue;
    const shade = passingShade(colour, BRAND_TEXT[field], BRAND_MIN_CONTRAST)!;
    details[field] =
      `The ${COLOUR_NAMES[field]} ${colour} has a contrast of ${formatRatio(ratio)} with the white text it carries; ` +
      `WCAG AA needs ${BRAND_MIN_CONTRAST}:1. Try ${shade}.`;
    details[`${field}Suggestion`] = shade;
  }
  const problems = Object.entries(details).filter(([key]) => !key.endsWith('Suggestion'));
  if (problems.length > 0) throw new AppError('validation_failed', problems.map(([, message]) => message).join(' '), details);
}

/**
 * PUT /api/brand: replaces the brand (organization:update, Pro). Checked before anything is
 * written: the plan, the contrast, then the logo (a new upload is verified and kept; the logo the
 * brand already names stays; anything else is refused). Viewers' cached share answers are cleared.
 */
export async function put(member: Member, input: BrandSettings): Promise<BrandDto> {
  await requirePro(member.orgId);
  requirePermission(member, { organization: ['update'] });
  checkContrast(input);
  const before = await stored(member.orgId);
  let logoKey = input.logoKey;
  if (logoKey && logoKey !== before.logoKey) {
    if (!Logo.isPendingLogo(member.orgId, logoKey)) {
      throw new AppError('validation_failed', 'That logo was not uploaded for this organization.', { logoKey: 'Upload the logo first.' });
    }
    logoKey = await Logo.claim(member.orgId, logoKey);
  }
  const settings: BrandSettings = { ...input, logoKey };
  await db().entities.organization.patch({ orgId: member.orgId }).set({ brand: settings }).go();
  if (before.logoKey && before.logoKey !== logoKey) await Logo.remove(before.logoKey);
  forgetShown(member.orgId);
  // Every share page of the organisation draws it: CloudFront's copies of their answers go.
  await ShareCache.clearOrganization(member.orgId);
  return dto(settings, true);
}

/** POST /api/brand/logo-uploads: where the browser sends a logo (organization:update, Pro). */
export async function presignLogo(member: Member, contentType: Parameters<typeof Logo.presign>[1], contentLength: number) {
  await requirePro(member.orgId);
  requirePermission(member, { organization: ['update'] });
  return Logo.presign(member.orgId, contentType, contentLength);
}

