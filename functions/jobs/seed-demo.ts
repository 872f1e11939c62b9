import { createHash } from 'node:crypto';
import { Account } from '../domain/accounts';
import { Asset } from '../domain/platform';
import { Entitlements } from '../domain/billing';
import { Guide, SocialImage } from '../domain/guides';
import { GuideTranslation } from '../domain/translation';
import { Voiceover } from '../domain/narration';
import { needsAudio } from '../domain/guide-store';
import type { Annotation } from '#shared/annotation-geometry';
import { Annotations } from '#shared/annotations';
import type { CaptureMeta } from '#shared/capture';
import { db } from '../db/service';

/**
 * Loads the demo account and its guides: idempotent, so every `npm start` may call it. Guide and
 * slide ids derive from the guide's slug, so a seeded guide has the same share link on every
 * machine (the gallery links to them), and a guide item is written only after its slides, so a
 * run cut short is completed by the next one.
 */
export interface SeedStep {
  image: Uint8Array;
  contentType: Asset.ImageContentType;
  width: number;
  height: number;
  click: { x: number; y: number };
  text: string;
  narration: string;
  /** what capture recorded, so "Regenerate" can rewrite the words */
  capture?: CaptureMeta;
  /** drawn over the screenshot (shared/annotations.ts) */
  annotations?: Annotation[];
}

export interface SeedGuide {
  slug: string;
  title: string;
  steps: SeedStep[];
}

export interface SeedInput {
  account: { name: string; email: string; password: string; organization: string };
  guides: SeedGuide[];
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A stable id of `length` base62 characters derived from a seed string. */
export function stableId(seed: string, length: number): string {
  const bytes = createHash('sha256').update(`stepcast-seed:${seed}`).digest();
  let id = '';
  for (let i = 0; i < length; i++) id += BASE62[bytes[i]! % 62];
  return id;
}

export function seedGuideId(slug: string): string {
  return stableId(slug, 12);
}

export async function seedDemo(input: SeedInput): Promise<{ createdAccount: boolean; createdGuides: number }> {
  let userId = await Account.userIdByEmail(input.account.email);
  const createdAccount = !userId;
  if (!userId) {
    const created = await Account.create({
      name: input.account.name,
      email: input.account.email,
      password: input.account.password,
      emailVerified: true,
      organizationName: input.account.organization,
    });
    userId = created.userId;
  }
  const { data: user } = await db().entities.user.get({ userId }).go();
  const orgId = user?.defaultOrgId;
  if (!orgId) throw new Error('The demo user has no organisation');
  // The gallery and the landing page embed its guides, and embedding is Pro.
  await Entitlements.grantComplimentaryPro(orgId);

  let createdGuides = 0;
  for (const guide of input.guides) {
    const guideId = seedGuideId(guide.slug);
    const existing = await Guide.load(guideId);
    if (existing.guide) {
      // A run cut short after the guide was written still gets its social preview.
      await SocialImage.refresh(existing.guide, existing.slides);
      continue;
    }
    const prefix = Asset.guidePrefix(orgId, guideId);
    let firstKey: string | undefined;
    for (const [index, step] of guide.steps.entries()) {
      const extension = Asset.IMAGE_EXTENSIONS[step.contentType];
      const key = Asset.contentKey(prefix, step.image, extension);
      firstKey ??= key;
      await Asset.put(key, step.image, step.contentType);
      const slideId = stableId(`${guide.slug}#${index}`, 21);
      await db()
        .entities.slide.put({
          guideId,
          slideId,
          orgId,
          order: index,
          text: step.text,
          narration: step.narration,
          screenshotKey: key,
          width: step.width,
          height: step.height,
          click: step.click,
          ...(step.capture ? { capture: step.capture } : {}),
          ...(step.annotations?.length ? { annotations: Annotations.parse(step.annotations) } : {}),
          edited: false,
        })
        .go();
    }
    await Guide.create({
      guideId,
      orgId,
      createdBy: userId,
      title: guide.title,
      status: 'published',
      visibility: 'public',
      slideCount: guide.steps.length,
      ...(firstKey ? { thumbnailKey: firstKey } : {}),
      ignorePlanLimit: true,
    });
    const { guide: created, slides } = await Guide.load(guideId);
    if (created) await SocialImage.refresh(created, slides);
    createdGuides++;
  }
  return { createdAccount, createdGuides };
}

/**
 * Starts a voiceover job for each seeded guide that has narration without audio, whatever the
 * demo organisation's plan: a newcomer hears the demo guides at once. Audio is content-hashed,
 * so a restart finds every slide fresh and starts nothing.
 */
/** The language the first demo guide is translated into. */
const DEMO_TRANSLATION = 'es';

export async function narrateDemo(input: Pick<SeedInput, 'account' | 'guides'>): Promise<{ jobs: string[] }> {
  const userId = await Account.userIdByEmail(input.account.email);
  if (!userId) return { jobs: [] };
  const jobs: string[] = [];
  for (const seeded of input.guides) {
    const { guide, slides } = await Guide.load(seedGuideId(seeded.slug));
    if (!guide || !slides.some((slide) => needsAudio(slide, guide))) continue;
    jobs.push((await Voiceover.start(guide.orgId, guide.guideId, userId, { ignorePlan: true })).jobId);
  }
  // The first demo guide also reads and speaks Spanish, so the share page shows its language picker.
  const first = input.guides[0] && (await Guide.load(seedGuideId(input.guides[0].slug)));
  if (first?.guide && !(await GuideTranslation.getItem(first.guide.guideId, DEMO_TRANSLATION))) {
    await GuideTranslation.start(first.guide.orgId, first.guide.guideId, { language: DEMO_TRANSLATION }, { ignorePlan: true });
    jobs.push(`${first.guide.guideId}-${DEMO_TRANSLATION}`);
  }
  return { jobs };
}
