import { BrandSettings } from '#shared/brand';
import { DEFAULT_BRAND, DEFAULT_SHOWN_BRAND, type ShownBrand } from '#shared/brand-look';
import { keptReads } from '../../core/kept-reads';
import { db } from '../../db/service';
import { Entitlements } from '../billing';
import { Asset } from '../platform';

/**
 * The brand an organisation's viewers see (share answers, the social image, exports). No sharp
 * here: the share function reads it on every answer. Saving it is settings.ts's.
 */

/** What the organisation saved, or Stepcast's own look; a stored value that no longer parses reads as the default. */
async function saved(orgId: string): Promise<BrandSettings | undefined> {
  const { data } = await db().entities.organization.get({ orgId }).go({ attributes: ['brand'] });
  if (!data) return undefined;
  return BrandSettings.safeParse(data.brand).data ?? { ...DEFAULT_BRAND };
}

/**
 * How long this instance keeps what an organisation saved, as it keeps its name
 * (organizations/organization.ts NAME_CACHE_MS); whether it is Pro is kept as the embed right is
 * (billing's mayBrand). The share answer stays one GetItem and one Query.
 */
export const SHOWN_CACHE_MS = 60_000;
const SHOWN_CACHE_SIZE = 1_000;
const savedBrands = keptReads<BrandSettings | undefined>(SHOWN_CACHE_MS, SHOWN_CACHE_SIZE);

/** The brand changed in this instance: viewers here see it at once (other instances within SHOWN_CACHE_MS). */
export function forgetShown(orgId: string): void {
  savedBrands.forget(orgId);
}

function keptSaved(orgId: string, now: number): Promise<BrandSettings | undefined> {
  return savedBrands.read(orgId, now, () => saved(orgId));
}

/** The brand an organisation's viewers see: its own while Pro, else Stepcast's (a free plan, or Pro that lapsed). */
export async function shown(orgId: string, now = Date.now()): Promise<ShownBrand> {
  const [pro, settings] = await Promise.all([Entitlements.mayBrand(orgId, now), keptSaved(orgId, now)]);
  if (!pro || !settings) return DEFAULT_SHOWN_BRAND;
  return {
    primaryColor: settings.primaryColor,
    accentColor: settings.accentColor,
    font: settings.font,
    showBadge: settings.showBadge,
    logoUrl: settings.logoKey ? Asset.assetUrl(settings.logoKey) : null,
  };
}

/** The logo's bytes for a renderer that embeds it (the exports), or none. */
export async function logoBytes(brand: ShownBrand): Promise<Uint8Array | undefined> {
  const key = brand.logoUrl ? decodeURIComponent(brand.logoUrl.replace(/^\/assets\//, '')) : undefined;
  if (!key) return undefined;
  try {
    return await Asset.read(key);
  } catch {
    return undefined;
  }
}
