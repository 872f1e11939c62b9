import { AppError } from '#shared/errors';
import { DEFAULT_LANGUAGE } from '#shared/narration';
import {
  GUIDE_TEXT_KEYS,
  languageName,
  primary,
  TranslationLanguageCode,
  type GuideTextKey,
  type StartTranslationBody,
  type TranslationDetailDto,
  type TranslationDto,
  type TranslationListDto,
  type UpdateTranslationSlideBody,
  type UpdateTranslationTextsBody,
} from '#shared/translation';
import { db } from '../../db/service';
import { Asset, WorkLine } from '../platform';
import { Entitlements } from '../billing';
import {
  audioHash,
  audioKey,
  audioMetaKey,
  keptAssetKeys,
  loadGuide,
  loadInOrg,
  partsToTranslate,
  publishedOf,
  rateSetting,
  recordDraft,
  sourceHash,
  sourceTexts,
  type StoredSlide,
  storedSlides,
  storedTexts,
  type StoredTexts,
  translationHash,
  type TranslationItem,
  TranslationPublishing,
} from '../guide-store';
import { findAudio, putAudio } from '../narration';
import { translationProvider } from './provider';
import { voiceFor, voicesFor } from './voice';

/**
 * A guide in other languages. Adding a language starts a job (the translation worker) that
 * translates the title, the cards' words and every slide's text and narration, then voices each
 * narration in a voice of that language; the translation item is the job's progress too. The
 * author reviews and edits a language's words (kept when translating again) and removes a
 * language. A language is part of the draft: viewers get it once it is ready and the guide is
 * published (translation-publishing.ts).
 */
type Loaded = Awaited<ReturnType<typeof loadGuide>>;
type Guide = NonNullable<Loaded['guide']>;
type Slide = Loaded['slides'][number];
type Item = TranslationItem;

const NOT_FOUND = 'This guide has no translation into that language.';
/** A running job whose worker said nothing for this long has died. */
const STALLED_AFTER_MS = 10 * 60_000;
/** Slides voiced at once, as the voiceover does. */
const SLIDES_AT_ONCE = 3;
const PROGRESS_EVERY_MS = 400;

export const { getItem } = TranslationPublishing;

function sourceLanguage(guide: Pick<Guide, 'language'>): string {
  return guide.language ?? DEFAULT_LANGUAGE;
}

/** What viewers get of this language now: this draft of it, an earlier one, or none. */
function publication(item: Item, guide: Guide): TranslationDto['published'] {
  // A guide never published with versions serves its live steps, and its finished languages with them.
  if (guide.publishedVersion === undefined) return guide.status === 'published' && guide.translations?.includes(item.language) ? 'live' : 'none';
  const published = publishedOf(guide)[item.language];
  if (!published) return 'none';
  return published === translationHash(item) ? 'live' : 'earlier';
}

/** A translation's job in its organisation's line (one per guide and language). */
const lineRef = (guideId: string, language: string) => `${guideId}:${language}`;

/** The organisation's translation line, when a queued language needs it (one Query for a list). */
async function lineFor(orgId: string, items: readonly Item[]): Promise<Map<string, WorkLine.Place>> {
  return items.some((item) => item.state === 'queued') ? WorkLine.places(orgId, 'translation') : new Map();
}

/** `line`: a queued language's place there vouches for it however long it waits. */
function dto(item: Item, guide: Guide, slides: Slide[], line: Map<string, WorkLine.Place>, now = Date.now()): TranslationDto {
  const queued = item.state === 'queued' ? line.get(lineRef(item.guideId, item.language)) : undefined;
  const stalled = (item.state === 'running' || item.state === 'queued') && now - (item.heartbeatAt ?? item.updatedAt) > STALLED_AFTER_MS && !queued?.alive;
  const stale = item.state === 'done' && item.sourceHash !== sourceHash(guide, slides);
  const needsReview = partsToTranslate(item);
  return {
    // Stored data is read through the contract: items are only made for these codes.
    language: TranslationLanguageCode.parse(item.language),
    name: languageName(item.language),
    state: stalled ? 'failed' : item.state,
    done: item.done,
    total: item.total,
    voiceId: item.spokenBy ?? null,
    provider: item.provider ?? null,
    stale,
    needsReview,
    ready: item.state === 'done' && !stale && needsReview === 0,
    published: publication(item, guide),
    error: stalled ? 'The translation stopped before it finished. Please try again.' : (item.error ?? null),
    updatedAt: new Date(item.updatedAt).toISOString(),
    queuePosition: stalled ? null : (queued?.position ?? null),
  };
}

/** The guide's languages and how far each one's job has come. */
export async function list(orgId: string, guideId: string): Promise<TranslationListDto> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const { data } = await db().entities.translation.query.byGuide({ guideId }).go({ pages: 'all' });
  const line = await lineFor(orgId, data);
  return { source: sourceLanguage(guide), translations: data.map((item) => dto(item, guide, slides, line)) };
}

async function itemInOrg(orgId: string, guideId: string, language: string): Promise<{ item: Item; guide: Guide; slides: Slide[] }> {
  const [{ guide, slides }, item] = await Promise.all([loadInOrg(orgId, guideId), TranslationPublishing.getItem(guideId, language)]);
  if (!item) throw new AppError('not_found', NOT_FOUND);
  return { item, guide, slides };
}

/** One language with its title, its cards' words and every step beside the original's words, for review. */
export async function fromId(orgId: string, guideId: string, language: string): Promise<TranslationDetailDto> {
  const { item, guide, slides } = await itemInOrg(orgId, guideId, language);
  return detail(item, guide, slides);
}

async function detail(item: Item, guide: Guide, slides: Slide[]): Promise<TranslationDetailDto> {
  const stored = new Map(storedSlides(item).map((s) => [s.slideId, s]));
  const texts = storedTexts(item);
  const sources = sourceTexts(guide);
  return {
    ...dto(item, guide, slides, await lineFor(guide.orgId, [item])),
    title: texts.title?.text ?? '',
    texts: GUIDE_TEXT_KEYS.flatMap((key) => {
      const source = sources[key];
      if (source === undefined) return [];
      const t = texts[key];
      return [{ key, sourceText: source, text: t?.text ?? null, edited: t?.edited ?? false, needsReview: t?.needsReview ?? false }];
    }),
    slides: await Promise.all(
      slides.map(async (slide) => {
        const t = stored.get(slide.slideId);
        return {
          id: slide.slideId,
          sourceText: slide.text ?? null,
          sourceNarration: slide.narration ?? null,
          text: t?.text ?? null,
          narration: t?.narration ?? null,
          audioUrl: t?.audioKey ? await Asset.urlFor(guide, t.audioKey) : null,
          edited: t?.edited ?? false,
          needsReview: t?.needsReview ?? false,
        };
      }),
    ),
  };
}

/** Starts translating a guide into a language, or translating it again (Pro, as voiceover is): 202 with its progress. */
export async function start(orgId: string, guideId: string, body: StartTranslationBody, options: { ignorePlan?: boolean } = {}): Promise<TranslationDto> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  if (!options.ignorePlan && !(await Entitlements.forOrganization(orgId)).voiceover) {
    throw new AppError('plan_limit', 'Translations are a Pro feature. Start your Pro trial to translate your guides.');
  }
  if (primary(body.language) === primary(sourceLanguage(guide))) {
    throw new AppError('validation_failed', 'The request body is invalid.', { language: 'The guide is already in this language.' });
  }
  if (body.voiceId && !(await voicesFor(body.language)).some((v) => v.voice.id === body.voiceId)) {
    throw new AppError('validation_failed', 'The request body is invalid.', { voiceId: 'No voice of this language has that id.' });
  }
  const existing = await TranslationPublishing.getItem(guideId, body.language);
  const waiting = existing?.state === 'queued' && (await WorkLine.place(orgId, 'translation', lineRef(guideId, body.language)))?.alive;
  if (existing && (existing.state === 'queued' || existing.state === 'running') && (waiting || Date.now() - (existing.heartbeatAt ?? existing.updatedAt) < STALLED_AFTER_MS)) {
    throw new AppError('conflict', 'This language is being translated already.');
  }
  const fields = { state: 'queued' as const, done: 0, total: slides.length, heartbeatAt: Date.now(), ...(body.voiceId ? { voiceId: body.voiceId } : {}) };
  if (existing) await db().entities.translation.patch({ guideId, language: body.language }).set(fields).remove(['error']).go();
  else await db().entities.translation.create({ guideId, language: body.language, orgId, slides: [], ...fields }).go();
  // Being made again, it is no longer a finished draft a publish could take.
  await recordDraft(guideId, body.language, undefined);
  await startJob(orgId, guideId, body.language);
  const item = await TranslationPublishing.getItem(guideId, body.language);
  return dto(item!, guide, slides, await lineFor(orgId, [item!]));
}

async function startJob(orgId: string, guideId: string, language: string): Promise<void> {
  try {
    // Into the organisation's line: sent at once while it has a free slot, else told its place.
    await WorkLine.submit('translation', { orgId, ref: lineRef(guideId, language), message: { guideId, language } });
  } catch (error) {
    await db().entities.translation.patch({ guideId, language }).set({ state: 'failed', error: 'The translation could not be started. Please try again.' }).go();
    throw error;
  }
}

/** The author's own words for a translated step; a new narration is voiced again (a job). */
export async function updateSlide(orgId: string, guideId: string, language: string, slideId: string, body: UpdateTranslationSlideBody): Promise<TranslationDetailDto> {
  const { item, guide, slides } = await itemInOrg(orgId, guideId, language);
  if (item.state === 'queued' || item.state === 'running') throw new AppError('conflict', 'This language is being translated. Edit it once it is done.');
  const stored = storedSlides(item);
  const index = stored.findIndex((s) => s.slideId === slideId);
  if (index < 0) throw new AppError('not_found', 'This step has no translation yet.');
  const slide = stored[index]!;
  const revoice = body.narration !== undefined && body.narration !== (slide.narration ?? '');
  stored[index] = { ...slide, ...(body.text !== undefined ? { text: body.text } : {}), ...(body.narration !== undefined ? { narration: body.narration } : {}), edited: true, needsReview: false };
  await db()
    .entities.translation.patch({ guideId, language })
    .set({ slides: stored, ...(revoice ? { state: 'queued' as const, done: 0, total: slides.length, heartbeatAt: Date.now() } : {}) })
    // Written over what was read: a job started meanwhile would otherwise lose this edit.
    .where((attr, { eq }) => eq(attr.updatedAt, item.updatedAt))
    .go();
  const after = await TranslationPublishing.getItem(guideId, language);
  await recordDraft(guideId, language, after);
  if (revoice) await startJob(orgId, guideId, language);
  return detail((await TranslationPublishing.getItem(guideId, language)) ?? after!, guide, slides);
}

/** The author's own words for the guide's title or its cards' words in the language. */
export async function updateTexts(orgId: string, guideId: string, language: string, body: UpdateTranslationTextsBody): Promise<TranslationDetailDto> {
  const { item, guide, slides } = await itemInOrg(orgId, guideId, language);
  if (item.state === 'queued' || item.state === 'running') throw new AppError('conflict', 'This language is being translated. Edit it once it is done.');
  const sources = sourceTexts(guide);
  const missing = Object.fromEntries(Object.keys(body.texts).flatMap((key) => (sources[key as GuideTextKey] === undefined ? [[key, 'The guide has no such words to translate.']] : [])));
  if (Object.keys(missing).length > 0) throw new AppError('validation_failed', 'The request body is invalid.', missing);
  const texts: StoredTexts = { ...storedTexts(item) };
  for (const [key, text] of Object.entries(body.texts) as Array<[GuideTextKey, string]>) {
    texts[key] = { source: texts[key]?.source ?? sources[key]!, text, edited: true, needsReview: false };
  }
  await db()
    .entities.translation.patch({ guideId, language })
    .set({ texts })
    .where((attr, { eq }) => eq(attr.updatedAt, item.updatedAt))
    .go();
  const after = await TranslationPublishing.getItem(guideId, language);
  await recordDraft(guideId, language, after);
  return detail(after!, guide, slides);
}

/**
 * Removes a language from the draft: its item and the voiceover files no version keeps. Viewers
 * keep the published one until the guide is published without it.
 */
export async function remove(orgId: string, guideId: string, language: string): Promise<void> {
  const { item, guide } = await itemInOrg(orgId, guideId, language);
  await db().entities.guide.patch({ guideId }).composite({ orgId, folderId: guide.folderId }).delete({ translations: [language] }).go();
  await db().entities.translation.delete({ guideId, language }).go();
  await recordDraft(guideId, language, undefined);
  const kept = await keptAssetKeys(guide);
  const keys = storedSlides(item).flatMap((s) => (s.audioKey && !kept.has(s.audioKey) ? [s.audioKey, audioMetaKey(s.audioKey)] : []));
  await Promise.all(keys.map((key) => Asset.removeKey(key)));
}

async function progress(guideId: string, language: string, done: number, total: number): Promise<void> {
  await db().entities.translation.patch({ guideId, language }).set({ state: 'running', done, total, heartbeatAt: Date.now() }).go();
}

export interface RunResult {
  state: 'done' | 'failed' | 'skipped';
  translated: number;
  synthesized: number;
}

/**
 * The worker's part: translates what changed (slides the author edited keep their words), then
 * voices every narration whose audio does not say it. Safe to run again for the same message:
 * a finished job is left alone, and audio already made is found by its hash. A failure on the
 * last attempt marks the job failed and keeps the words and audio of the previous run.
 */
export async function run(guideId: string, language: string, { finalAttempt }: { finalAttempt: boolean }): Promise<RunResult> {
  const item = await TranslationPublishing.getItem(guideId, language);
  if (!item || item.state === 'done' || item.state === 'failed') return { state: 'skipped', translated: 0, synthesized: 0 };
  let synthesized = 0;
  try {
    const { guide, slides } = await loadGuide(guideId);
    if (!guide) {
      await db().entities.translation.patch({ guideId, language }).set({ state: 'failed', error: 'The guide was deleted.' }).go();
      return { state: 'failed', translated: 0, synthesized };
    }
    await progress(guideId, language, 0, slides.length);
    const previous = new Map(storedSlides(item).map((s) => [s.slideId, s]));
    const needsWords = (slide: Slide) => {
      const before = previous.get(slide.slideId);
      return !before || (!before.edited && (before.sourceText !== (slide.text ?? null) || before.sourceNarration !== (slide.narration ?? null)));
    };
    const changed = slides.filter(needsWords);
    // The guide's own words likewise: those the author wrote stay, the others follow the original.
    const sources = sourceTexts(guide);
    const previousTexts = storedTexts(item);
    const keys = GUIDE_TEXT_KEYS.filter((key) => sources[key] !== undefined);
    const retext = keys.filter((key) => {
      const before = previousTexts[key];
      return !before || before.text === null || (!before.edited && before.source !== sources[key]);
    });
    const texts = [...retext.map((key) => sources[key]!), ...changed.flatMap((s) => [s.text ?? '', s.narration ?? ''])];
    const provider = translationProvider();
    const translated = texts.length > 0 ? await provider.translate({ texts, source: sourceLanguage(guide), target: language }) : [];
    let at = 0;
    const nextTexts: StoredTexts = {};
    for (const key of keys) {
      const before = previousTexts[key];
      if (retext.includes(key)) {
        const fresh = translated[at++]!;
        nextTexts[key] = { source: sources[key]!, text: fresh.text, edited: false, needsReview: fresh.needsReview };
      } else if (before) nextTexts[key] = { ...before, source: sources[key]! };
    }
    const words = new Map<string, { text: string; narration: string; needsReview: boolean }>();
    for (const slide of changed) {
      const text = translated[at++]!;
      const narration = translated[at++]!;
      words.set(slide.slideId, { text: text.text, narration: narration.text, needsReview: text.needsReview || narration.needsReview });
    }
    const next: StoredSlide[] = slides.map((slide) => {
      const before = previous.get(slide.slideId);
      const fresh = words.get(slide.slideId);
      const base = before ?? { slideId: slide.slideId, sourceText: null, sourceNarration: null, text: null, narration: null, edited: false, needsReview: false, audioKey: null, audioDurationMs: null, words: [] };
      // An edited step keeps the author's words, now standing for the original as it is.
      if (!fresh) return before?.edited ? { ...base, sourceText: slide.text ?? null, sourceNarration: slide.narration ?? null } : base;
      return { ...base, sourceText: slide.text ?? null, sourceNarration: slide.narration ?? null, text: slide.text ? fresh.text : null, narration: slide.narration ? fresh.narration : null, needsReview: fresh.needsReview };
    });

    const speaker = await voiceFor(language, item.voiceId);
    const rate = rateSetting(guide);
    const prefix = Asset.guidePrefix(guide.orgId, guide.guideId);
    let done = 0;
    let lastProgress = performance.now();
    const queue = [...next.keys()];
    const voiceOne = async (index: number): Promise<void> => {
      const slide = next[index]!;
      const narration = slide.narration?.trim() ?? '';
      if (!narration || !speaker) next[index] = { ...slide, audioKey: null, audioDurationMs: null, words: [] };
      else {
        const { tts, voice } = speaker;
        const hash = audioHash({ engine: tts.engine, engineVersion: tts.engineVersion, voiceId: voice.id, rate, language: voice.language, text: narration });
        const key = audioKey(prefix, hash, 'audio/mpeg');
        if (slide.audioKey !== key) {
          let meta = await findAudio(key);
          if (!meta) {
            const result = await tts.synthesize({ text: narration, voiceId: voice.id, rate, language: voice.language });
            meta = { durationMs: result.durationMs, words: result.words, mimeType: result.mimeType };
            await putAudio(key, result.audio, meta);
            synthesized++;
          }
          next[index] = { ...slide, audioKey: key, audioDurationMs: meta.durationMs, words: meta.words };
        }
      }
      done++;
      if (done === next.length || performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = performance.now();
        await progress(guideId, language, done, next.length);
      }
    };
    await Promise.all(
      Array.from({ length: SLIDES_AT_ONCE }, async () => {
        for (let index = queue.shift(); index !== undefined; index = queue.shift()) await voiceOne(index);
      }),
    );
    await db()
      .entities.translation.patch({ guideId, language })
      .set({
        state: 'done',
        done: next.length,
        total: next.length,
        texts: nextTexts,
        sourceHash: sourceHash(guide, slides),
        slides: next,
        provider: provider.name,
        heartbeatAt: Date.now(),
        ...(speaker ? { spokenBy: speaker.voice.id } : {}),
      })
      // The title lives in `texts` now.
      .remove(['error', 'title', 'sourceTitle', ...(speaker ? [] : (['spokenBy'] as const))])
      .go();
    await db().entities.guide.patch({ guideId }).composite({ orgId: guide.orgId, folderId: guide.folderId }).add({ translations: [language] }).go();
    await recordDraft(guideId, language, await TranslationPublishing.getItem(guideId, language));
    return { state: 'done', translated: changed.length, synthesized };
  } catch (error) {
    if (!finalAttempt) throw error;
    await db()
      .entities.translation.patch({ guideId, language })
      .set({ state: 'failed', error: 'The translation failed. The previous words and audio are kept; please try again.', heartbeatAt: Date.now() })
      .go();
    return { state: 'failed', translated: 0, synthesized };
  }
}
