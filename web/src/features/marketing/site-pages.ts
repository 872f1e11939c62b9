import type { GalleryItem } from '#shared/gallery';
import { PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';
import { HOME_PAGE, type SitePage } from './site-page';

/**
 * The public site's pages: what each one is called in the tab, in search results and in link
 * previews. The pages set their head from here, and the build's prerender and sitemap read the
 * same list, so the static HTML and the running app never disagree.
 */

export const SITE_PAGES = {
  home: HOME_PAGE,
  pricing: {
    path: paths.pricing.getHref(),
    title: 'Pricing',
    description: `${PRODUCT_NAME} ${PRO_PLAN.name}: ${PRO_PLAN.price} per ${PRO_PLAN.interval} after a ${PRO_PLAN.trialDays}-day free trial. Capture, smart transcript, synthetic voiceover, embeds and private guides in one plan.`,
  },
  gallery: {
    path: paths.gallery.getHref(),
    title: 'Gallery of example guides',
    description: `Six narrated guides made with ${PRODUCT_NAME}: add a CRM contact, send an invoice, start a task, publish a product, solve a ticket and sign up for an app. Play any of them.`,
  },
  compare: {
    path: paths.compare.getHref(),
    title: 'Compare guide tools: Scribe, Loom and Guidde',
    description: `How ${PRODUCT_NAME} compares with Scribe, Loom and Guidde on capture, AI voiceover, redaction, sharing, analytics and price, with sources for every fact.`,
  },
  scribe: {
    path: paths.compare.scribe.getHref(),
    title: 'A Scribe alternative with a narrated voiceover',
    description: `${PRODUCT_NAME} and Scribe side by side: capture, step text, voiceover, redaction, exports, sharing and price, with sources, and where Scribe is the better fit.`,
  },
  loom: {
    path: paths.compare.loom.getHref(),
    title: 'A Loom alternative for step-by-step guides',
    description: `${PRODUCT_NAME} and Loom side by side: recording, step text, voiceover, privacy, analytics and price, with sources, and where Loom is the better fit.`,
  },
  guidde: {
    path: paths.compare.guidde.getHref(),
    title: 'A Guidde alternative with one simple plan',
    description: `${PRODUCT_NAME} and Guidde side by side: capture, AI voices, blurring, sharing, analytics and price, with sources, and where Guidde is the better fit.`,
  },
  terms: {
    path: paths.terms.getHref(),
    title: 'Terms of Service',
    description: `The terms for using ${PRODUCT_NAME}: your account, your content, the ${PRO_PLAN.name} plan and its trial, acceptable use and liability.`,
  },
  privacy: {
    path: paths.privacy.getHref(),
    title: 'Privacy Policy',
    description: `What ${PRODUCT_NAME} keeps about you and your guides, where it is stored, how long, who processes it for us and how to have it deleted.`,
  },
} as const satisfies Record<string, SitePage>;

export function galleryItemPage(item: GalleryItem): SitePage {
  return {
    path: paths.gallery.item.getHref(item.slug),
    title: `${item.title}: an example guide`,
    description: `${item.description} A narrated step-by-step guide made with ${PRODUCT_NAME}.`,
  };
}
