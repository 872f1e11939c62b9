import type { EntityItem } from 'electrodb';
import * as z from 'zod';
import { storedIntro, storedOutro } from '#shared/guide-cards';
import { DEFAULT_LANGUAGE, WordTiming } from '#shared/narration';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { applyTranslation, GUIDE_TEXT_KEYS, languageName, primary, type GuideTextKey, type SharedTranslationDto } from '#shared/translation';
import type { TranslationEntity } from '../../db/entities/translation';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset } from '../platform';
import { hashOf } from './version-snapshot';

/**
 * A guide's languages follow its draft and publish. The translation item of a language is its
 * draft: made from the draft's words, reviewed and edited by the author. "Publish changes" copies
 * each language that is ready (done, made from the draft's words as they are, every part
 * translated) into the version (a VersionTranslation item), and the share page serves only the
 * published version's languages. The guide item keeps a token per finished language
 * (`translationDrafts`) and the published ones' hashes (`publishedTranslations`), so the design
 * view tells unpublished translations from the guide item alone. Light on purpose: the share and
 * guides functions carry it, not the translator or the voices (guide-translation.ts).
 */

export const StoredSlide = z.object({
  slideId: z.string(),
  sourceText: z.string().nullable(),
  sourceNarration: z.string().nullable(),
  text: z.string().nullable(),
  narration: z.string().nullable(),
  edited: z.boolean().default(false),
  needsReview: z.boolean().default(false),
  audioKey: z.string().nullable().default(null),
  audioDurationMs: z.number().nullable().default(null),
  words: z.array(WordTiming).default([]),
});
export type StoredSlide = z.infer<typeof StoredSlide>;

/** One of the guide's own words in the language: the original it was made from, and whether the author wrote it or it needs translation. */
export const StoredText = z.object({
  source: z.string(),
  text: z.string().nullable(),
  edited: z.boolean().default(false),
  needsReview: z.boolean().default(false),
});
export type StoredText = z.infer<typeof StoredText>;
const StoredTexts = z.partialRecord(z.enum(GUIDE_TEXT_KEYS), StoredText);
export type StoredTexts = z.infer<typeof StoredTexts>;

export type TranslationItem = EntityItem<typeof TranslationEntity>;

/** A guide's translation into a language, as stored, or undefined. */
export async function getItem(guideId: string, language: string): Promise<TranslationItem | undefined> {
  const { data } = await db().entities.translation.get({ guideId, language }).go();
  return data ?? undefined;
}

export function storedSlides(item: { slides?: unknown }): StoredSlide[] {
  const parsed = z.array(StoredSlide).safeParse(item.slides ?? []);
  return parsed.success ? parsed.data : [];
}

export function storedTexts(item: { texts?: unknown; title?: string | undefined; sourceTitle?: string | undefined }): StoredTexts {
  if (item.texts !== undefined) {
    const parsed = StoredTexts.safeParse(item.texts);
    if (parsed.success) return parsed.data;
  }
  // Items made before the cards were translated kept the title alone.
  return item.title ? { title: { source: item.sourceTitle ?? '', text: item.title, edited: false, needsReview: false } } : {};
}

/** The guide's own words a language translates, by key: its title and its cards' words (those it has). */
export function sourceTexts(guide: { title: string; introCard?: unknown; outroCard?: unknown }): Partial<Record<GuideTextKey, string>> {
  const intro = storedIntro(guide.introCard);
  const outro = storedOutro(guide.outroCard);
  return {
    title: guide.title,
    ...(intro ? { introTitle: intro.title, ...(intro.subtitle ? { introSubtitle: intro.subtitle } : {}) } : {}),
    ...(outro ? { outroTitle: outro.title, ...(outro.cta ? { ctaLabel: outro.cta.label } : {}) } : {}),
  };
}

type SourceSlide = { slideId: string; text?: string | null | undefined; narration?: string | null | undefined };

/** A hash of the guide's words a translation is made from: a translation made from another hash is out of date. */
export function sourceHash(guide: { title: string; introCard?: unknown; outroCard?: unknown }, slides: readonly SourceSlide[]): string {
  return hashOf({ texts: sourceTexts(guide), slides: slides.map((s) => [s.slideId, s.text ?? null, s.narration ?? null]) });
}

/** The parts (title, card words, steps) with words kept in the original language: they need translation. */
export function partsToTranslate(item: { slides?: unknown; texts?: unknown; title?: string | undefined; sourceTitle?: string | undefined }): number {
  const texts = Object.values(storedTexts(item)).filter((t) => t.needsReview).length;
  return texts + storedSlides(item).filter((s) => s.needsReview).length;
}

/** Done, made from these very words, and every part translated: what "Publish changes" takes. */
export function isReady(item: TranslationItem, source: string): boolean {
  return item.state === 'done' && item.sourceHash === source && partsToTranslate(item) === 0;
}

/** What a version keeps of a translation item: every attribute but its owner, its job's progress and its dates. */
const NOT_CONTENT = new Set(['guideId', 'orgId', 'state', 'done', 'total', 'error', 'heartbeatAt', 'createdAt', 'updatedAt']);

export function translationCopy(item: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name, value]) => !NOT_CONTENT.has(name) && value !== undefined));
}

/** What viewers of the language would get, hashed: the draft's is compared with the published one's. */
export function translationHash(item: object): string {
  return hashOf(translationCopy(item));
}

interface DraftEntry {
  hash: string;
  source: string;
  ready: boolean;
}

/** The guide's finished languages, from its `translationDrafts` tokens. */
export function draftsOf(guide: { translationDrafts?: readonly string[] | undefined }): Map<string, DraftEntry> {
  const drafts = new Map<string, DraftEntry>();
  for (const token of guide.translationDrafts ?? []) {
    const [language, hash, source, ready] = token.split(' ');
    if (language && hash && source !== undefined) drafts.set(language, { hash, source, ready: ready === 'ready' });
  }
  return drafts;
}

/**
 * Keeps the guide's token of a language in step with its item: a finished item's hash, the words
 * it was made from and whether it is ready; none while it is being made, failed or removed.
 */
export async function recordDraft(guideId: string, language: string, item: TranslationItem | undefined): Promise<void> {
  const { data: guide } = await db().entities.guide.get({ guideId }).go({ attributes: ['orgId', 'folderId', 'translationDrafts'] });
  if (!guide) return;
  const stale = (guide.translationDrafts ?? []).filter((token) => token.startsWith(`${language} `));
  const fresh =
    item?.state === 'done'
      ? `${language} ${translationHash(item)} ${item.sourceHash ?? '-'} ${partsToTranslate(item) === 0 ? 'ready' : 'review'}`
      : undefined;
  if (fresh && stale.length === 1 && stale[0] === fresh) return;
  const patch = () => db().entities.guide.patch({ guideId }).composite({ orgId: guide.orgId, folderId: guide.folderId });
  try {
    if (stale.length > 0) await patch().delete({ translationDrafts: stale }).go();
    if (fresh) await patch().add({ translationDrafts: [fresh] }).go();
  } catch (error) {
    // The guide was deleted meanwhile: nothing to keep in step.
    if (!isConditionFailed(error)) throw error;
  }
}

/** The languages the published version carries, each with its translation's hash. */
export function publishedOf(guide: { publishedTranslations?: unknown }): Record<string, string> {
  const parsed = z.record(z.string(), z.string()).safeParse(guide.publishedTranslations ?? {});
  return parsed.success ? parsed.data : {};
}

type DraftGuide = { title: string; introCard?: unknown; outroCard?: unknown; translationDrafts?: readonly string[] | undefined };

/** The draft's languages a publish would take now (ready, made from the draft's words), each with its hash. */
export function publishable(guide: DraftGuide, slides: readonly SourceSlide[]): Record<string, string> {
  const source = sourceHash(guide, slides);
  return Object.fromEntries([...draftsOf(guide)].filter(([, d]) => d.ready && d.source === source).map(([language, d]) => [language, d.hash]));
}

/** Whether publishing would change what viewers of some language get (a language added, changed or taken off). */
export function changedSincePublished(guide: DraftGuide & { publishedTranslations?: unknown }, slides: readonly SourceSlide[]): boolean {
  const draft = publishable(guide, slides);
  const published = publishedOf(guide);
  const languages = new Set([...Object.keys(draft), ...Object.keys(published)]);
  return [...languages].some((language) => draft[language] !== published[language]);
}

export interface PublishedTranslation {
  language: string;
  translation: Record<string, unknown>;
  hash: string;
}

/** The ready languages of the draft, as a version being published will keep them (read once more, so a change since is not taken half). */
export async function forPublish(guide: DraftGuide & { guideId: string }, slides: readonly SourceSlide[]): Promise<PublishedTranslation[]> {
  const source = sourceHash(guide, slides);
  const items = await Promise.all(Object.keys(publishable(guide, slides)).map((language) => getItem(guide.guideId, language)));
  return items
    .filter((item): item is TranslationItem => item !== undefined && isReady(item, source))
    .map((item) => ({ language: item.language, translation: translationCopy(item), hash: translationHash(item) }));
}

/**
 * Makes a version's languages the draft's again (a restore or a discard): each language the
 * version carries gets its words and voiceover back, finished. Languages the version did not
 * have stay as they are in the draft: they are not viewers' either way.
 */
export async function restoreDraft(guide: { guideId: string; orgId: string; folderId: string }, version: number, languages: readonly string[]): Promise<void> {
  const attributes = new Set(Object.keys(db().entities.translation.schema.attributes));
  for (const language of languages) {
    const { data } = await db().entities.versionTranslation.get({ guideId: guide.guideId, version, language }).go();
    if (!data) continue;
    const copy = Object.fromEntries(Object.entries(data.translation as Record<string, unknown>).filter(([name]) => attributes.has(name) && !NOT_CONTENT.has(name)));
    const count = storedSlides(copy).length;
    await db()
      .entities.translation.put({ ...(copy as Partial<TranslationItem>), guideId: guide.guideId, language, orgId: guide.orgId, state: 'done', done: count, total: count, heartbeatAt: Date.now() })
      .go();
    await db().entities.guide.patch({ guideId: guide.guideId }).composite({ orgId: guide.orgId, folderId: guide.folderId }).add({ translations: [language] }).go();
    await recordDraft(guide.guideId, language, await getItem(guide.guideId, language));
  }
}

type SharedGuideItem = { guideId: string; status?: string; publishedVersion?: number | undefined; publishedTranslations?: unknown; translations?: readonly string[] | undefined };

/**
 * The language a viewer asked for, as viewers may read it: the published version's copy of it
 * (one GetItem), or nothing when the version does not carry it. A guide never published with
 * versions (older guides, the seed) serves its live steps, and so its finished languages.
 */
export async function readForShare(guide: SharedGuideItem, language: string | undefined): Promise<Record<string, unknown> | undefined> {
  if (!language) return undefined;
  if (guide.publishedVersion === undefined) {
    if (!guide.translations?.includes(language)) return undefined;
    return getItem(guide.guideId, language);
  }
  if (!(language in publishedOf(guide))) return undefined;
  const { data } = await db().entities.versionTranslation.get({ guideId: guide.guideId, version: guide.publishedVersion, language }).go();
  return data ? { ...(data.translation as Record<string, unknown>), language } : undefined;
}

/** The languages viewers can pick, the guide's own first. */
export function languagesOf(guide: SharedGuideItem & { language?: string | undefined }): SharedGuideDto['languages'] {
  const source = guide.language ?? DEFAULT_LANGUAGE;
  const offered = guide.publishedVersion === undefined ? [...(guide.translations ?? [])] : Object.keys(publishedOf(guide));
  const others = offered.filter((code) => primary(code) !== primary(source)).sort();
  return [{ code: source, name: languageName(source) }, ...others.map((code) => ({ code, name: languageName(code) }))];
}

/** The shared guide with a language's words and voiceover laid over it. */
export async function translatedShare(shared: SharedGuideDto, guide: { visibility: 'public' | 'private'; orgId: string; guideId: string }, translation: Record<string, unknown>): Promise<SharedGuideDto> {
  const language = String(translation['language']);
  const texts = storedTexts(translation);
  const slides: SharedTranslationDto['slides'] = await Promise.all(
    storedSlides(translation).map(async (s) => ({
      id: s.slideId,
      text: s.text,
      narration: s.narration,
      audioUrl: s.audioKey ? await Asset.urlFor(guide, s.audioKey) : null,
      audioDurationMs: s.audioKey ? s.audioDurationMs : null,
      words: s.audioKey ? s.words : [],
    })),
  );
  const words = Object.fromEntries(Object.entries(texts).flatMap(([key, t]) => (t.text ? [[key, t.text]] : [])));
  return { ...applyTranslation(shared, { language, title: texts.title?.text ?? '', texts: words, slides }), language };
}
