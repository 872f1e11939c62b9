import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { DEFAULT_LANGUAGE, WordTiming } from '#shared/narration';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import {
  applyTranslation,
  languageName,
  primary,
  TranslationLanguageCode,
  type StartTranslationBody,
  type TranslationDetailDto,
  type TranslationDto,
  type TranslationListDto,
  type UpdateTranslationSlideBody,
} from '#shared/translation';
import { db } from '../db/service';
import * as Asset from './asset';
import * as Entitlements from './entitlements';
import { loadGuide, loadInOrg } from './guide-read';
import { audioHash, audioKey, audioMetaKey } from './narration/audio-key';
import { findAudio, putAudio } from './narration/audio-store';
import { rateSetting } from './narration/slide-audio';
import * as WorkLine from './work-line';
import { translationProvider } from './translation/provider';
import { voiceFor, voicesFor } from './translation/voice';

/**
 * A guide in other languages. Adding a language starts a job (the translation worker) that
 * translates the title and every slide's text and narration, then voices each narration in a
 * voice of that language; the translation item is the job's progress too. The author can edit a
 * translated step (kept when translating again) and remove a language. Viewers get a language
 * with `?lang=` on the share API.
 */
type Loaded = Awaited<ReturnType<typeof loadGuide>>;
type Guide = NonNullable<Loaded['guide']>;
type Slide = Loaded['slides'][number];

const StoredSlide = z.object({
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
type StoredSlide = z.infer<typeof StoredSlide>;

const NOT_FOUND = 'This guide has no translation into that language.';
/** A running job whose worker said nothing for this long has died. */
const STALLED_AFTER_MS = 10 * 60_000;
/** Slides voiced at once, as the voiceover does. */
const SLIDES_AT_ONCE = 3;
const PROGRESS_EVERY_MS = 400;

/** A guide's translation into a language, as stored, or undefined. */
export async function getItem(guideId: string, language: string) {
  const { data } = await db().entities.translation.get({ guideId, language }).go();
  return data;
}
type Item = NonNullable<Awaited<ReturnType<typeof getItem>>>;

function storedSlides(item: Pick<Item, 'slides'>): StoredSlide[] {
  const parsed = z.array(StoredSlide).safeParse(item.slides ?? []);
  return parsed.success ? parsed.data : [];
}

function sourceLanguage(guide: Pick<Guide, 'language'>): string {
  return guide.language ?? DEFAULT_LANGUAGE;
}

/** A hash of the guide's words: a translation made from other words is stale. */
function wordsHash(guide: Pick<Guide, 'title'>, slides: Array<{ slideId: string; text?: string | null | undefined; narration?: string | null | undefined }>): string {
  return createHash('sha256')
    .update(JSON.stringify([guide.title, slides.map((s) => [s.slideId, s.text ?? null, s.narration ?? null])]))
    .digest('base64url');
}

function isStale(item: Item, guide: Guide, slides: Slide[]): boolean {
  const stored = storedSlides(item);
  const made = { title: item.sourceTitle ?? '' };
  return wordsHash(made, stored.map((s) => ({ slideId: s.slideId, text: s.sourceText, narration: s.sourceNarration }))) !== wordsHash(guide, slides);
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
  return {
    // Stored data is read through the contract: items are only made for these codes.
    language: TranslationLanguageCode.parse(item.language),
    name: languageName(item.language),
    state: stalled ? 'failed' : item.state,
    done: item.done,
    total: item.total,
    voiceId: item.spokenBy ?? null,
    provider: item.provider ?? null,
    stale: item.state === 'done' && isStale(item, guide, slides),
    needsReview: storedSlides(item).filter((s) => s.needsReview).length,
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
  const [{ guide, slides }, item] = await Promise.all([loadInOrg(orgId, guideId), getItem(guideId, language)]);
  if (!item) throw new AppError('not_found', NOT_FOUND);
  return { item, guide, slides };
}

/** One language with its title and every step beside the original's words, for review. */
export async function fromId(orgId: string, guideId: string, language: string): Promise<TranslationDetailDto> {
  const { item, guide, slides } = await itemInOrg(orgId, guideId, language);
  return detail(item, guide, slides);
}

async function detail(item: Item, guide: Guide, slides: Slide[]): Promise<TranslationDetailDto> {
  const stored = new Map(storedSlides(item).map((s) => [s.slideId, s]));
  return {
    ...dto(item, guide, slides, await lineFor(guide.orgId, [item])),
    title: item.title ?? '',
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
  const existing = await getItem(guideId, body.language);
  const waiting = existing?.state === 'queued' && (await WorkLine.place(orgId, 'translation', lineRef(guideId, body.language)))?.alive;
  if (existing && (existing.state === 'queued' || existing.state === 'running') && (waiting || Date.now() - (existing.heartbeatAt ?? existing.updatedAt) < STALLED_AFTER_MS)) {
    throw new AppError('conflict', 'This language is being translated already.');
  }
  const fields = { state: 'queued' as const, done: 0, total: slides.length, heartbeatAt: Date.now(), ...(body.voiceId ? { voiceId: body.voiceId } : {}) };
  if (existing) await db().entities.translation.patch({ guideId, language: body.language }).set(fields).remove(['error']).go();
  else await db().entities.translation.create({ guideId, language: body.language, orgId, slides: [], ...fields }).go();
  await startJob(orgId, guideId, body.language);
  const item = await getItem(guideId, body.language);
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
  if (revoice) await startJob(orgId, guideId, language);
  const after = await getItem(guideId, language);
  return detail(after!, guide, slides);
}

/** Removes a language: its item, its voiceover files, and its place in the share page's picker. */
export async function remove(orgId: string, guideId: string, language: string): Promise<void> {
  const { item, guide } = await itemInOrg(orgId, guideId, language);
  await db().entities.guide.patch({ guideId }).composite({ orgId, folderId: guide.folderId }).delete({ translations: [language] }).go();
  await db().entities.translation.delete({ guideId, language }).go();
  const keys = storedSlides(item).flatMap((s) => (s.audioKey ? [s.audioKey, audioMetaKey(s.audioKey)] : []));
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
  const item = await getItem(guideId, language);
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
    const retitle = item.sourceTitle !== guide.title || !item.title;
    const texts = [...(retitle ? [guide.title] : []), ...changed.flatMap((s) => [s.text ?? '', s.narration ?? ''])];
    const provider = translationProvider();
    const translated = texts.length > 0 ? await provider.translate({ texts, source: sourceLanguage(guide), target: language }) : [];
    let at = 0;
    const title = retitle ? translated[at++]!.text : item.title!;
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
      .set({ state: 'done', done: next.length, total: next.length, title, sourceTitle: guide.title, slides: next, provider: provider.name, heartbeatAt: Date.now(), ...(speaker ? { spokenBy: speaker.voice.id } : {}) })
      .remove(['error', ...(speaker ? [] : (['spokenBy'] as const))])
      .go();
    await db().entities.guide.patch({ guideId }).composite({ orgId: guide.orgId, folderId: guide.folderId }).add({ translations: [language] }).go();
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

/**
 * The share page's guide in the language a viewer asked for, when the guide has it: the item
 * was read beside the guide (one GetItem, in parallel), so a translated read costs one more
 * request and an untranslated one none.
 */
export function readForShare(guideId: string, language: string | undefined): Promise<Item | undefined> | undefined {
  return language ? getItem(guideId, language).then((item) => item ?? undefined) : undefined;
}

/** The guide's languages, its own first, for the picker. */
export function languagesOf(guide: Pick<Guide, 'language' | 'translations'>): SharedGuideDto['languages'] {
  const source = sourceLanguage(guide);
  const others = [...(guide.translations ?? [])].filter((code) => primary(code) !== primary(source)).sort();
  return [{ code: source, name: languageName(source) }, ...others.map((code) => ({ code, name: languageName(code) }))];
}

/** The shared guide with a translation's words and voiceover laid over it. */
export async function translatedShare(shared: SharedGuideDto, guide: Pick<Guide, 'visibility'>, item: Item): Promise<SharedGuideDto> {
  const slides = await Promise.all(
    storedSlides(item).map(async (s) => ({
      id: s.slideId,
      text: s.text,
      narration: s.narration,
      audioUrl: s.audioKey ? await Asset.urlFor(guide, s.audioKey) : null,
      audioDurationMs: s.audioKey ? s.audioDurationMs : null,
      words: s.audioKey ? s.words : [],
    })),
  );
  return { ...applyTranslation(shared, { language: item.language, title: item.title ?? '', slides }), language: item.language };
}
