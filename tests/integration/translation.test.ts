import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GuideDto } from '#shared/guides';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import type { TranslationDetailDto, TranslationDto, TranslationListDto } from '#shared/translation';
import { db } from '../../functions/db/service';
import type { TranslationProvider } from '../../functions/domain/translation/contracts';
import { setTranslationProvider } from '../../functions/domain/translation/provider';
import { localS3Client } from '../../infra/local/emulators';
import { countDynamoRequests } from '../support/dynamo-counter';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

/** A translator with known answers (a dictionary of whole texts); it records what it was sent and can be made to fail. */
function fakeTranslator(answers: Record<string, string>) {
  const sent: string[] = [];
  let failing = false;
  const provider: TranslationProvider = {
    name: 'fake',
    async translate({ texts, target }) {
      sent.push(...texts);
      if (failing) throw new Error('translator down');
      return texts.map((text) => ({ text: answers[text] ?? `[${target}] ${text}`, needsReview: false }));
    },
  };
  return { provider, sent, fail: (on: boolean) => (failing = on) };
}

const SPANISH: Record<string, string> = {
  'Invite a teammate': 'Invitar a un compañero',
  'Open **Settings**': 'Abre **Settings**',
  'Open the settings page.': 'Abre la página de configuración.',
  'Click **Invite**': 'Haz clic en **Invite**',
  'Click invite and type an address.': 'Haz clic en invitar y escribe una dirección.',
};

afterEach(() => setTranslationProvider(undefined));

async function author({ pro = true } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  if (pro) await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
  return client;
}

async function publishedGuide(c: ApiClient): Promise<GuideDto> {
  const guide = (await c.post('/api/guides', { title: 'Invite a teammate' })).json as GuideDto;
  const image = await pngImage(320, 200);
  const steps = [
    { text: 'Open **Settings**', narration: 'Open the settings page.' },
    { text: 'Click **Invite**', narration: 'Click invite and type an address.' },
  ];
  for (const step of steps) {
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, ...step })).status).toBe(201);
  }
  expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  return (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
}

async function translate(c: ApiClient, guideId: string, language = 'es'): Promise<TranslationDto> {
  const started = await c.post(`/api/guides/${guideId}/translations`, { language });
  expect(started.status, started.text).toBe(202);
  expect(['queued', 'running', 'done']).toContain((started.json as TranslationDto).state);
  await stack().server.workers.idle();
  const list = (await c.get(`/api/guides/${guideId}/translations`)).json as TranslationListDto;
  return list.translations.find((t) => t.language === language)!;
}

async function objectBytes(url: string): Promise<Uint8Array> {
  const key = decodeURIComponent(url.replace(/^\/assets\//, ''));
  const answer = await localS3Client(stack().s3Endpoint).send(new GetObjectCommand({ Bucket: stack().bucketName, Key: key }));
  return answer.Body!.transformToByteArray();
}

/** What ffprobe finds in the file (from a file: read from a pipe, an MP3 has no known length). */
function probe(bytes: Uint8Array): { codec: string; seconds: number } {
  const ffprobe = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stepcast-probe-')), 'audio.mp3');
  writeFileSync(file, bytes);
  const out = JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString()) as {
    streams: Array<{ codec_name: string }>;
    format: { duration: string };
  };
  return { codec: out.streams[0]!.codec_name, seconds: Number(out.format.duration) };
}

const share = (guideId: string, query = '') => new ApiClient(stack().url).get(`/api/share/${guideId}${query}`);

/** "Publish changes" through the API, carrying the revision the author read. */
async function publishChanges(c: ApiClient, guideId: string): Promise<GuideDto> {
  const { revision } = (await c.get(`/api/guides/${guideId}`)).json as GuideDto;
  const published = await c.request('POST', `/api/guides/${guideId}/publish`, {}, { 'if-match': `"${revision}"` });
  expect(published.status, published.text).toBe(200);
  return published.json as GuideDto;
}

describe('translating a guide', () => {
  it('translates title, text and narration, voices them in Spanish, and the share API answers them with ?lang=es', async () => {
    const fake = fakeTranslator(SPANISH);
    setTranslationProvider(fake.provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await c.post(`/api/guides/${guide.id}/voiceover`, {});
    await stack().server.workers.idle();
    const english = (await share(guide.id)).json as SharedGuideDto;

    const done = await translate(c, guide.id);
    expect(done).toMatchObject({ language: 'es', name: 'Español', state: 'done', done: 2, total: 2, provider: 'fake', stale: false, error: null, voiceId: 'mespeak:es', ready: true, published: 'none' });
    await publishChanges(c, guide.id);

    const answer = await share(guide.id, '?lang=es');
    expect(answer.status).toBe(200);
    const spanish = answer.json as SharedGuideDto;
    expect(spanish.language).toBe('es');
    expect(spanish.languages).toEqual([
      { code: 'en-US', name: 'English' },
      { code: 'es', name: 'Español' },
    ]);
    expect(spanish.title).toBe('Invitar a un compañero');
    expect(spanish.slides.map((s) => s.text)).toEqual(['Abre **Settings**', 'Haz clic en **Invite**']);
    expect(spanish.slides.map((s) => s.narration)).toEqual(['Abre la página de configuración.', 'Haz clic en invitar y escribe una dirección.']);
    // The screenshots are the guide's own; the voice is another.
    expect(spanish.slides.map((s) => s.screenshotUrl)).toEqual(english.slides.map((s) => s.screenshotUrl));
    for (const [index, slide] of spanish.slides.entries()) {
      expect(slide.audioUrl).toMatch(/^\/assets\/orgs\/.+\/audio\/[\w-]+\.mp3$/);
      expect(slide.audioUrl).not.toBe(english.slides[index]!.audioUrl);
      expect(slide.words.map((w) => w.text).join(' ')).toBe(slide.narration);
      const audio = probe(await objectBytes(slide.audioUrl!));
      expect(audio.codec).toBe('mp3');
      expect(audio.seconds).toBeGreaterThan(1);
      expect(Math.abs(audio.seconds * 1000 - slide.audioDurationMs!)).toBeLessThan(300);
    }
    // Without ?lang= (or with the guide's own language) the original answers, and lists the languages too.
    const original = (await share(guide.id)).json as SharedGuideDto;
    expect(original).toMatchObject({ title: 'Invite a teammate', language: 'en-US', languages: spanish.languages });
    expect(((await share(guide.id, '?lang=en')).json as SharedGuideDto).title).toBe('Invite a teammate');
    // A language the guide does not have: the original, not an error.
    expect(((await share(guide.id, '?lang=de')).json as SharedGuideDto).title).toBe('Invite a teammate');
    // es-MX is Spanish.
    expect(((await share(guide.id, '?lang=es-MX')).json as SharedGuideDto).title).toBe('Invitar a un compañero');

    // The share read stays cheap: once seen, the original and each language read the guide item
    // alone (the function keeps the published version's answer while that item is unchanged).
    const counter = countDynamoRequests();
    await share(guide.id);
    await share(guide.id, '?lang=es');
    counter.reset();
    await share(guide.id);
    expect(counter.snapshot()).toEqual({ GetItemCommand: 1 });
    counter.reset();
    await share(guide.id, '?lang=es');
    expect(counter.snapshot()).toEqual({ GetItemCommand: 1 });
  }, 60_000);

  it('answers 422 for a language code it does not know, and changes nothing', async () => {
    const c = await author();
    const guide = await publishedGuide(c);
    for (const lang of ['xx', 'not a tag', 'e']) {
      const answer = await share(guide.id, `?lang=${encodeURIComponent(lang)}`);
      expect(answer.status, lang).toBe(422);
      expect(answer.json.error.code).toBe('validation_failed');
    }
    const start = await c.post(`/api/guides/${guide.id}/translations`, { language: 'xx' });
    expect(start.status).toBe(422);
    expect(start.json.error.code).toBe('validation_failed');
    const own = await c.post(`/api/guides/${guide.id}/translations`, { language: 'en' });
    expect(own.status).toBe(422);
    expect(((await c.get(`/api/guides/${guide.id}/translations`)).json as TranslationListDto).translations).toEqual([]);
  });

  it('is not found for someone outside the organisation (404), and a Pro feature on the free plan (402)', async () => {
    setTranslationProvider(fakeTranslator(SPANISH).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    const stranger = await author();
    for (const [method, path, body] of [
      ['GET', `/api/guides/${guide.id}/translations`],
      ['POST', `/api/guides/${guide.id}/translations`, { language: 'fr' }],
      ['GET', `/api/guides/${guide.id}/translations/es`],
      ['PATCH', `/api/guides/${guide.id}/translations/es/slides/${guide.slides[0]!.id}`, { text: 'x' }],
      ['DELETE', `/api/guides/${guide.id}/translations/es`],
    ] as const) {
      const answer = await stranger.request(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.json.error.code).toBe('not_found');
    }
    expect(((await c.get(`/api/guides/${guide.id}/translations`)).json as TranslationListDto).translations.map((t) => t.language)).toEqual(['es']);

    const free = await author({ pro: false });
    const own = await publishedGuide(free);
    const refused = await free.post(`/api/guides/${own.id}/translations`, { language: 'es' });
    expect(refused.status).toBe(402);
    expect(refused.json.error.code).toBe('plan_limit');
  }, 60_000);

  it('keeps a step the author edited when translating again, voices an edited narration again, and removes a language', async () => {
    const fake = fakeTranslator(SPANISH);
    setTranslationProvider(fake.provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    const first = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(first.slides[0]).toMatchObject({ sourceText: 'Open **Settings**', text: 'Abre **Settings**', edited: false });

    const slideId = guide.slides[0]!.id;
    const edited = await c.request('PATCH', `/api/guides/${guide.id}/translations/es/slides/${slideId}`, { narration: 'Abre los ajustes.' });
    expect(edited.status).toBe(200);
    expect((edited.json as TranslationDetailDto).state).toBe('queued');
    await stack().server.workers.idle();
    const revoiced = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(revoiced.state).toBe('done');
    expect(revoiced.slides[0]).toMatchObject({ narration: 'Abre los ajustes.', edited: true });
    expect(revoiced.slides[0]!.audioUrl).not.toBe(first.slides[0]!.audioUrl);
    expect(revoiced.slides[1]!.audioUrl).toBe(first.slides[1]!.audioUrl);

    // The original changes: the translation is stale, and translating again keeps the edited step.
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${slideId}`, { narration: 'Open the settings page now.' });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[1]!.id}`, { text: 'Click **Invite people**' });
    expect(((await c.get(`/api/guides/${guide.id}/translations`)).json as TranslationListDto).translations[0]!.stale).toBe(true);
    fake.sent.length = 0;
    const again = await translate(c, guide.id);
    expect(again).toMatchObject({ state: 'done', stale: false });
    // Only the changed, unedited step went to the translator (its text and narration).
    expect(fake.sent).toEqual(['Click **Invite people**', 'Click invite and type an address.']);
    const after = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(after.slides.map((s) => s.narration)).toEqual(['Abre los ajustes.', 'Haz clic en invitar y escribe una dirección.']);
    expect(after.slides[1]!.text).toBe('[es] Click **Invite people**');

    const removed = await c.request('DELETE', `/api/guides/${guide.id}/translations/es`);
    expect(removed.status).toBe(204);
    const shared = (await share(guide.id, '?lang=es')).json as SharedGuideDto;
    expect(shared).toMatchObject({ title: 'Invite a teammate', language: 'en-US', languages: [{ code: 'en-US', name: 'English' }] });
    expect((await c.get(`/api/guides/${guide.id}/translations/es`)).status).toBe(404);
  }, 90_000);

  it('deleting the guide deletes its languages: no translation item is left behind', async () => {
    setTranslationProvider(fakeTranslator(SPANISH).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    await translate(c, guide.id, 'de');
    const languages = async () => (await db().entities.translation.query.byGuide({ guideId: guide.id }).go({ pages: 'all' })).data.map((t) => t.language);
    expect((await languages()).sort()).toEqual(['de', 'es']);
    expect((await c.request('DELETE', `/api/guides/${guide.id}`)).status).toBe(204);
    expect(await languages()).toEqual([]);
  }, 90_000);

  it('marks the job failed when the translator fails, keeping the previous words, and a new run works', async () => {
    const fake = fakeTranslator(SPANISH);
    setTranslationProvider(fake.provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    await publishChanges(c, guide.id);
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[0]!.id}`, { text: 'Open **Preferences**' });
    fake.fail(true);
    const failed = await translate(c, guide.id);
    expect(failed).toMatchObject({ state: 'failed', ready: false, published: 'live' });
    expect(failed.error).toMatch(/previous words and audio are kept/);
    expect(((await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto).slides[0]!.text).toBe('Abre **Settings**');
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides[0]!.text).toBe('Abre **Settings**');
    fake.fail(false);
    expect((await translate(c, guide.id)).state).toBe('done');
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides[0]!.text).toBe('[es] Open **Preferences**');
  }, 60_000);
});

describe('what viewers of a language get', () => {
  it('never serves a translation of an unpublished draft: every language answers the published version only', async () => {
    setTranslationProvider(fakeTranslator(SPANISH).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    // The draft gets words nobody may read yet: a title and a step text not published.
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'Secret launch plan' })).status).toBe(200);
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[0]!.id}`, { text: 'Open **Project Falcon**' })).status).toBe(200);
    // The author translates the draft (the worker reads the draft: that is what an author reviews).
    expect((await translate(c, guide.id)).state).toBe('done');

    for (const lang of ['es', 'es-MX', 'de', 'en']) {
      const answer = await share(guide.id, `?lang=${lang}`);
      expect(answer.status, lang).toBe(200);
      expect(answer.text, lang).not.toMatch(/Secret|Falcon/);
      expect((answer.json as SharedGuideDto).title, lang).toBe('Invite a teammate');
    }
    const original = (await share(guide.id)).json as SharedGuideDto;
    expect(original.slides.map((s) => s.text)).toEqual(['Open **Settings**', 'Click **Invite**']);
  }, 60_000);

  it('a language follows the draft: ready but unseen until "Publish changes", an edit or a removal waits for the next publish', async () => {
    setTranslationProvider(fakeTranslator(SPANISH).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    const languages = async () => ((await c.get(`/api/guides/${guide.id}/translations`)).json as TranslationListDto).translations;
    const detail = async () => (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;

    expect(await translate(c, guide.id)).toMatchObject({ state: 'done', ready: true, published: 'none' });
    // Viewers get no Spanish yet, and the picker does not offer it; the draft has a change to publish.
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto)).toMatchObject({ title: 'Invite a teammate', language: 'en-US', languages: [{ code: 'en-US', name: 'English' }] });
    expect(await detail()).toMatchObject({ hasUnpublishedChanges: true, publishedVersion: 1 });

    expect(await publishChanges(c, guide.id)).toMatchObject({ publishedVersion: 2, hasUnpublishedChanges: false });
    expect((await languages())[0]).toMatchObject({ ready: true, published: 'live' });
    const published = (await share(guide.id, '?lang=es')).json as SharedGuideDto;
    expect(published).toMatchObject({ title: 'Invitar a un compañero', language: 'es' });
    expect(published.languages.map((l) => l.code)).toEqual(['en-US', 'es']);

    // An edit of the Spanish draft: viewers keep the published words until the next publish.
    const slideId = guide.slides[0]!.id;
    expect((await c.request('PATCH', `/api/guides/${guide.id}/translations/es/slides/${slideId}`, { text: 'Abre **Settings** ahora' })).status).toBe(200);
    expect((await languages())[0]).toMatchObject({ ready: true, published: 'earlier' });
    expect(await detail()).toMatchObject({ hasUnpublishedChanges: true });
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides[0]!.text).toBe('Abre **Settings**');
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides[0]!.text).toBe('Abre **Settings** ahora');

    // Removing the language from the draft: viewers keep it, voice included, until the guide is published without it.
    const audio = ((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides[0]!.audioUrl!;
    expect((await c.request('DELETE', `/api/guides/${guide.id}/translations/es`)).status).toBe(204);
    expect(await detail()).toMatchObject({ hasUnpublishedChanges: true });
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).title).toBe('Invitar a un compañero');
    expect((await fetch(`${stack().url}${audio}`)).status).toBe(200);
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto)).toMatchObject({ title: 'Invite a teammate', language: 'en-US', languages: [{ code: 'en-US', name: 'English' }] });
  }, 90_000);

  it('publishes only a ready language: one out of date or with words left to translate stays off the share page', async () => {
    const fake = fakeTranslator(SPANISH);
    setTranslationProvider(fake.provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    await publishChanges(c, guide.id);

    // The original changes: Spanish is out of date, and publishing the change takes it off (no half-Spanish guide).
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[1]!.id}`, { text: 'Click **Invite people**' });
    expect((await languages(c, guide.id))[0]).toMatchObject({ stale: true, ready: false, published: 'live' });
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).language).toBe('en-US');
    expect((await languages(c, guide.id))[0]).toMatchObject({ published: 'none' });

    // Translated again, one sentence the translator could not translate whole: not ready, not published.
    setTranslationProvider({ name: 'fake', translate: async ({ texts }) => texts.map((text) => (text === 'Click **Invite people**' ? { text, needsReview: true } : { text: SPANISH[text] ?? `[es] ${text}`, needsReview: false })) });
    expect(await translate(c, guide.id)).toMatchObject({ state: 'done', stale: false, needsReview: 1, ready: false, published: 'none' });
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).hasUnpublishedChanges).toBe(false);
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).language).toBe('en-US');

    // The author writes that step: ready, and published with the next publish.
    expect((await c.request('PATCH', `/api/guides/${guide.id}/translations/es/slides/${guide.slides[1]!.id}`, { text: 'Haz clic en **Invite people**' })).status).toBe(200);
    expect((await languages(c, guide.id))[0]).toMatchObject({ needsReview: 0, ready: true, published: 'none' });
    await publishChanges(c, guide.id);
    expect(((await share(guide.id, '?lang=es')).json as SharedGuideDto).slides.map((s) => s.text)).toEqual(['Abre **Settings**', 'Haz clic en **Invite people**']);
  }, 90_000);

  it('translates the intro and outro cards, and the author can write a language\'s title and card words', async () => {
    setTranslationProvider(fakeTranslator({ ...SPANISH, Welcome: 'Bienvenida', 'Two minutes': 'Dos minutos', 'All done': 'Listo', 'Open the app': 'Abrir la app' }).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    expect(
      (await c.request('PATCH', `/api/guides/${guide.id}`, { introCard: { title: 'Welcome', subtitle: 'Two minutes' }, outroCard: { title: 'All done', cta: { label: 'Open the app', url: 'https://app.example.com' } } })).status,
    ).toBe(200);
    await translate(c, guide.id);
    const review = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(review.texts.map((t) => [t.key, t.sourceText, t.text])).toEqual([
      ['title', 'Invite a teammate', 'Invitar a un compañero'],
      ['introTitle', 'Welcome', 'Bienvenida'],
      ['introSubtitle', 'Two minutes', 'Dos minutos'],
      ['outroTitle', 'All done', 'Listo'],
      ['ctaLabel', 'Open the app', 'Abrir la app'],
    ]);
    const edited = await c.request('PATCH', `/api/guides/${guide.id}/translations/es`, { texts: { title: 'Invita a tu equipo', ctaLabel: 'Abre la app' } });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.json as TranslationDetailDto).texts.filter((t) => t.edited).map((t) => t.key)).toEqual(['title', 'ctaLabel']);
    await publishChanges(c, guide.id);
    const spanish = (await share(guide.id, '?lang=es')).json as SharedGuideDto;
    expect(spanish.title).toBe('Invita a tu equipo');
    expect(spanish.introCard).toEqual({ title: 'Bienvenida', subtitle: 'Dos minutos' });
    expect(spanish.outroCard).toEqual({ title: 'Listo', cta: { label: 'Abre la app', url: 'https://app.example.com' } });

    // Bad input: a clear error in the one shape, nothing changed.
    for (const body of [{ texts: {} }, { texts: { title: '' } }, { texts: { nope: 'x' } }, { texts: { ctaLabel: 'x'.repeat(41) } }]) {
      const refused = await c.request('PATCH', `/api/guides/${guide.id}/translations/es`, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.json.error.code).toBe('validation_failed');
    }
    await c.request('PATCH', `/api/guides/${guide.id}`, { outroCard: null });
    const noCard = await c.request('PATCH', `/api/guides/${guide.id}/translations/es`, { texts: { outroTitle: 'Listo' } });
    expect(noCard.status).toBe(422);
    expect(((await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto).title).toBe('Invita a tu equipo');
  }, 90_000);

  it('discarding the draft brings back the published words of a language; restoring a version brings back its languages', async () => {
    setTranslationProvider(fakeTranslator(SPANISH).provider);
    const c = await author();
    const guide = await publishedGuide(c);
    await translate(c, guide.id);
    await publishChanges(c, guide.id);
    const slideId = guide.slides[0]!.id;
    await c.request('PATCH', `/api/guides/${guide.id}/translations/es/slides/${slideId}`, { text: 'Palabras de borrador' });
    const { revision } = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const discarded = await c.request('POST', `/api/guides/${guide.id}/discard-draft`, {}, { 'if-match': `"${revision}"` });
    expect(discarded.status, discarded.text).toBe(200);
    expect((discarded.json as GuideDto).hasUnpublishedChanges).toBe(false);
    const back = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(back).toMatchObject({ state: 'done', ready: true, published: 'live' });
    expect(back.slides[0]!.text).toBe('Abre **Settings**');

    // Removed from the draft, then the published version restored: Spanish is back, as published.
    await c.request('DELETE', `/api/guides/${guide.id}/translations/es`);
    const draft = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const restored = await c.request('POST', `/api/guides/${guide.id}/versions/${draft.publishedVersion}/restore`, {}, { 'if-match': `"${draft.revision}"` });
    expect(restored.status, restored.text).toBe(200);
    expect((restored.json as GuideDto).hasUnpublishedChanges).toBe(false);
    expect((await languages(c, guide.id))[0]).toMatchObject({ language: 'es', state: 'done', ready: true, published: 'live' });
    const audio = ((await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto).slides[0]!.audioUrl!;
    expect((await fetch(`${stack().url}${audio}`)).status).toBe(200);
  }, 90_000);
});

describe('the offline translator', () => {
  it('never reports ready a language whose words stayed in the original: each part it could not translate whole is marked', async () => {
    setTranslationProvider(undefined);
    const c = await author();
    const guide = await publishedGuide(c);
    // Italian has no offline glossary: everything stays English, and says so.
    const italian = await translate(c, guide.id, 'it');
    expect(italian).toMatchObject({ state: 'done', provider: 'local-glossary', needsReview: 3, ready: false, published: 'none' });
    const review = (await c.get(`/api/guides/${guide.id}/translations/it`)).json as TranslationDetailDto;
    expect(review.texts).toEqual([{ key: 'title', sourceText: 'Invite a teammate', text: 'Invite a teammate', edited: false, needsReview: true }]);
    expect(review.slides.map((s) => [s.text, s.needsReview])).toEqual([
      ['Open **Settings**', true],
      ['Click **Invite**', true],
    ]);
    // Spanish: the glossary translates "Open the settings page." whole, not "Click invite and type an address." ("address").
    const spanish = await translate(c, guide.id, 'es');
    expect(spanish).toMatchObject({ state: 'done', ready: false });
    const es = (await c.get(`/api/guides/${guide.id}/translations/es`)).json as TranslationDetailDto;
    expect(es.slides.map((s) => [s.narration, s.needsReview])).toEqual([
      ['Abre la página configuración.', false],
      ['Click invite and type an address.', true],
    ]);
    await publishChanges(c, guide.id);
    const shared = (await share(guide.id, '?lang=it')).json as SharedGuideDto;
    expect(shared.languages.map((l) => l.code)).toEqual(['en-US']);
  }, 90_000);
});

async function languages(c: ApiClient, guideId: string) {
  return ((await c.get(`/api/guides/${guideId}/translations`)).json as TranslationListDto).translations;
}
