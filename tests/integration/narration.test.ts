import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GuideDto } from '#shared/guides';
import type { JobDto } from '#shared/narration';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { db } from '../../functions/db/service';
import type { Synthesis, SynthesisRequest } from '../../functions/domain/narration/contracts';
import { wavToMp3 } from '../../functions/domain/narration/encode';
import { setTtsProvider, ttsProvider, type Tts } from '../../functions/domain/narration/tts';
import { pcmWav } from '../../functions/domain/narration/wav';
import { estimateWordTimings } from '../../functions/domain/narration/word-timings';
import { localS3Client } from '../../infra/local/emulators';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

/** The configured engine (flite) with its calls counted, and a switch that makes it fail. */
function countingTts(real: Tts) {
  const calls: SynthesisRequest[] = [];
  let failing = false;
  const tts: Tts = {
    ...real,
    voices: () => real.voices(),
    async synthesize(request): Promise<Synthesis> {
      calls.push(request);
      if (failing) throw new Error('engine down');
      return real.synthesize(request);
    },
  };
  return { tts, calls, fail: (on: boolean) => (failing = on) };
}

afterEach(() => setTtsProvider(undefined));

async function author({ pro = true } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  if (pro) await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
  return client;
}

async function guideWith(c: ApiClient, narrations: string[], title = 'Invite a teammate'): Promise<GuideDto> {
  const guide = (await c.post('/api/guides', { title })).json as GuideDto;
  const image = await pngImage(320, 200);
  for (const narration of narrations) {
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Click **Next**', narration })).status).toBe(201);
  }
  return (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
}

async function voiceover(c: ApiClient, guideId: string, body: Record<string, unknown> = {}): Promise<JobDto> {
  const started = await c.post(`/api/guides/${guideId}/voiceover`, body);
  expect(started.status).toBe(202);
  await stack().server.workers.idle();
  return (await c.get(`/api/jobs/${started.json.jobId}`)).json as JobDto;
}

const getGuide = async (c: ApiClient, id: string) => (await c.get(`/api/guides/${id}`)).json as GuideDto;

async function objectBytes(url: string): Promise<Uint8Array> {
  const key = decodeURIComponent(url.replace(/^\/assets\//, ''));
  const answer = await localS3Client(stack().s3Endpoint).send(new GetObjectCommand({ Bucket: stack().bucketName, Key: key }));
  return answer.Body!.transformToByteArray();
}

describe('voiceover job', () => {
  it('goes queued → done, gives every narrated slide MP3 audio with word timings, and the share API returns them', async () => {
    const c = await author();
    const guide = await guideWith(c, ['Open the settings page.', 'Click invite and type an address.']);
    const started = await c.post(`/api/guides/${guide.id}/voiceover`, {});
    expect(started.status).toBe(202);
    expect(started.json.jobId).toMatch(new RegExp(`^${guide.id}-`));
    const early = (await c.get(`/api/jobs/${started.json.jobId}`)).json as JobDto;
    expect(['queued', 'running', 'done']).toContain(early.state);
    await stack().server.workers.idle();
    const job = (await c.get(`/api/jobs/${started.json.jobId}`)).json as JobDto;
    expect(job).toMatchObject({ state: 'done', done: 2, total: 2, synthesized: 2, error: null });

    const after = await getGuide(c, guide.id);
    expect(after.voiceoverJobId).toBe(job.id);
    for (const slide of after.slides) {
      expect(slide.audioUrl).toMatch(/^\/assets\/orgs\/.+\/audio\/[\w-]+\.mp3$/);
      expect(slide.audioStale).toBe(false);
      expect(slide.words.map((w) => w.text).join(' ')).toBe(slide.narration);
      const audio = await objectBytes(slide.audioUrl!);
      // MPEG audio frames, compressed: at most 32 KB per second of speech.
      expect(audio[0] === 0xff || String.fromCharCode(...audio.subarray(0, 3)) === 'ID3').toBe(true);
      expect(audio.length / (slide.audioDurationMs! / 1000)).toBeLessThanOrEqual(32_000);
    }
    const ffprobe = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
    const bytes = await objectBytes(after.slides[0]!.audioUrl!);
    const probe = JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-show_streams', '-of', 'json', '-i', 'pipe:0'], { input: bytes }).toString()) as { streams: Array<{ codec_name: string }> };
    expect(probe.streams[0]!.codec_name).toBe('mp3');

    await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    const shared = (await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(shared.slides.map((s) => s.audioUrl)).toEqual(after.slides.map((s) => s.audioUrl));
    expect(shared.slides[0]!.audioDurationMs).toBe(after.slides[0]!.audioDurationMs);
    expect(shared.slides[0]!.words).toEqual(after.slides[0]!.words);
  });

  it('synthesises nothing when run again (cache hit), and only the edited slide after an edit that marked it stale', async () => {
    const c = await author();
    const guide = await guideWith(c, ['One.', 'Two words.', 'Three more words.']);
    const counter = countingTts(await ttsProvider());
    setTtsProvider(counter.tts);
    expect((await voiceover(c, guide.id)).synthesized).toBe(3);
    expect(counter.calls).toHaveLength(3);

    const again = await voiceover(c, guide.id);
    expect(again).toMatchObject({ state: 'done', done: 3, synthesized: 0 });
    expect(counter.calls).toHaveLength(3);

    const before = await getGuide(c, guide.id);
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${before.slides[1]!.id}`, { narration: 'Two changed words.' });
    const edited = await getGuide(c, guide.id);
    expect(edited.slides.map((s) => s.audioStale)).toEqual([false, true, false]);
    // The old audio stays until the new one is made.
    expect(edited.slides[1]!.audioUrl).toBe(before.slides[1]!.audioUrl);

    expect((await voiceover(c, guide.id)).synthesized).toBe(1);
    expect(counter.calls.at(-1)!.text).toBe('Two changed words.');
    const after = await getGuide(c, guide.id);
    expect(after.slides.map((s) => s.audioStale)).toEqual([false, false, false]);
    expect(after.slides[1]!.audioUrl).not.toBe(before.slides[1]!.audioUrl);
    expect(after.slides[0]!.audioUrl).toBe(before.slides[0]!.audioUrl);

    // Changing it back finds the first audio by its hash: no synthesis.
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${before.slides[1]!.id}`, { narration: 'Two words.' });
    expect((await voiceover(c, guide.id)).synthesized).toBe(0);
    expect((await getGuide(c, guide.id)).slides[1]!.audioUrl).toBe(before.slides[1]!.audioUrl);
  });

  it('a new speed or voice makes every slide stale; an empty narration has no audio', async () => {
    const c = await author();
    const guide = await guideWith(c, ['Hello there.', 'Bye now.']);
    await voiceover(c, guide.id);
    await c.request('PATCH', `/api/guides/${guide.id}`, { speechRate: 1.25 });
    expect((await getGuide(c, guide.id)).slides.map((s) => s.audioStale)).toEqual([true, true]);
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[1]!.id}`, { narration: '' });
    const job = await voiceover(c, guide.id, { voiceId: 'flite:rms' });
    expect(job).toMatchObject({ state: 'done', total: 1, synthesized: 1 });
    const after = await getGuide(c, guide.id);
    expect(after).toMatchObject({ voiceId: 'flite:rms', speechRate: 1.25 });
    expect(after.slides[0]!.audioStale).toBe(false);
    expect(after.slides[1]).toMatchObject({ audioUrl: null, audioDurationMs: null, words: [] });
  });

  it('is refused with 402 on the free plan and changes nothing', async () => {
    const c = await author({ pro: false });
    const guide = await guideWith(c, ['Hello.']);
    const response = await c.post(`/api/guides/${guide.id}/voiceover`, {});
    expect(response.status).toBe(402);
    expect(response.json.error.code).toBe('plan_limit');
    const after = await getGuide(c, guide.id);
    expect(after.voiceoverJobId).toBeNull();
    expect(after.slides[0]!.audioUrl).toBeNull();
  });

  it('a failing engine fails the job after its retries and keeps the old audio; the next run works', async () => {
    const c = await author();
    const guide = await guideWith(c, ['First words.', 'Second words.']);
    await voiceover(c, guide.id);
    const before = await getGuide(c, guide.id);
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${before.slides[0]!.id}`, { narration: 'New first words.' });
    const counter = countingTts(await ttsProvider());
    setTtsProvider(counter.tts);
    counter.fail(true);
    const failed = await voiceover(c, guide.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/previous audio is kept/);
    // Delivered three times (the queue's retries), each attempt tried the one stale slide.
    expect(counter.calls).toHaveLength(3);
    const kept = await getGuide(c, guide.id);
    expect(kept.slides.map((s) => s.audioUrl)).toEqual(before.slides.map((s) => s.audioUrl));
    expect(kept.slides[0]!.audioStale).toBe(true);

    counter.fail(false);
    const retried = await voiceover(c, guide.id);
    expect(retried).toMatchObject({ state: 'done', synthesized: 1 });
    expect((await getGuide(c, guide.id)).slides[0]!.audioStale).toBe(false);
  });

  it('takes a 3,000-character narration (stand-in engine: the length is what is tested) and speaks text with & < > " \' as words', async () => {
    const c = await author();
    const sentence = 'Open the report, check each total & compare it with last month. ';
    const long = sentence.repeat(Math.ceil(3_000 / sentence.length)).slice(0, 3_000).trim();
    const tricky = `Type <b>"Tom & Jerry's"</b> & press 'Save' > continue.`;
    const guide = await guideWith(c, [long, tricky]);
    const real = await ttsProvider();
    const second = await wavToMp3(pcmWav([new Uint8Array(16_000)], { sampleRate: 8_000, channels: 1, bitsPerSample: 16 }));
    const texts: string[] = [];
    // Three minutes of flite speech would take the suite's time; the real engine speaks the tricky line.
    setTtsProvider({
      ...real,
      voices: () => real.voices(),
      synthesize: async (request) => {
        texts.push(request.text);
        if (request.text.length < 1_000) return real.synthesize(request);
        return { audio: second, mimeType: 'audio/mpeg', durationMs: 180_000, words: estimateWordTimings(request.text, 180_000) };
      },
    });
    const job = await voiceover(c, guide.id);
    expect(job).toMatchObject({ state: 'done', synthesized: 2 });
    // The job voices slides at once (three at a time), so they reach the engine in either order.
    expect([...texts].sort()).toEqual([long, tricky].sort());
    const after = await getGuide(c, guide.id);
    expect(after.slides[0]!.narration).toHaveLength(long.length);
    expect(after.slides[0]!.words).toHaveLength(long.split(/\s+/).filter((w) => /\w/.test(w)).length);
    expect(after.slides[0]!.words.at(-1)!.endMs).toBeLessThanOrEqual(180_000);
    expect(after.slides[1]!.words.map((w) => w.text)).toEqual(tricky.split(/\s+/).filter((w) => /\w/.test(w)));
    expect(after.slides[1]!.audioDurationMs).toBeGreaterThan(1_000);
  });

  it('answers 404 for another organisation\'s job, and 422 for a malformed job id', async () => {
    const owner = await author();
    const guide = await guideWith(owner, ['Hello.']);
    const job = await voiceover(owner, guide.id);
    const stranger = await author();
    expect((await stranger.get(`/api/jobs/${job.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/guides/${guide.id}/voiceover`, {})).status).toBe(404);
    expect((await owner.get('/api/jobs/not-a-job')).status).toBe(422);
    expect((await owner.post(`/api/guides/${guide.id}/voiceover`, { voiceId: 'flite:nobody' })).status).toBe(422);
    expect((await owner.post(`/api/guides/${guide.id}/voiceover`, { speechRate: 3 })).status).toBe(422);
  });
});

describe('voices', () => {
  it('lists voices with sample URLs; a sample is made once, then served from the bucket, to anyone', async () => {
    const c = await author({ pro: false });
    const list = (await c.get('/api/voices')).json as { voices: Array<{ id: string; sampleUrl: string; engine: string }>; defaultVoiceId: string };
    expect(list.voices.map((v) => v.id)).toContain(list.defaultVoiceId);
    expect(list.voices.every((v) => v.engine === 'flite')).toBe(true);
    const counter = countingTts(await ttsProvider());
    setTtsProvider(counter.tts);
    const anonymous = new ApiClient(stack().url);
    const first = await anonymous.get(list.voices[0]!.sampleUrl);
    expect(first.status).toBe(302);
    const location = first.headers.get('location')!;
    expect(location).toMatch(/^\/assets\/voices\/.+\.mp3$/);
    const audio = await fetch(`${stack().url}${location}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect((await anonymous.get(list.voices[0]!.sampleUrl)).headers.get('location')).toBe(location);
    expect(counter.calls).toHaveLength(1);
    expect((await anonymous.get('/api/voices/flite:nobody/sample')).status).toBe(404);
    expect((await anonymous.get('/api/voices')).status).toBe(401);
  });
});

describe('smart transcript', () => {
  it('writes words for a slide made from an uploaded image, marked needs text; an edit clears it and marks it edited', async () => {
    const c = await author({ pro: false });
    const guide = (await c.post('/api/guides', { title: 'Export a report' })).json as GuideDto;
    const image = await pngImage(320, 200);
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    const slide = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key })).json;
    expect(slide).toMatchObject({ text: 'Start on this screen', narration: 'To export a report, start on this screen.', needsText: true, edited: false });
    const edited = (await c.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Click **Export**' })).json;
    expect(edited).toMatchObject({ needsText: false, edited: true });
  });

  it('writes captured steps and a title from the task; regenerating keeps edited slides unless told', async () => {
    const c = await author({ pro: false });
    const guide = (await c.post('/api/guides', { title: 'Contacts · Acme CRM', autoTitle: true })).json as GuideDto;
    const image = await pngImage(320, 200);
    const page = (title: string, path: string) => ({ title, url: `https://crm.example${path}` });
    const steps = [
      { action: 'click', element: { tag: 'a', role: 'link', name: 'New contact' }, page: page('Contacts · Acme CRM', '/contacts') },
      { action: 'type', element: { tag: 'input', type: 'password', name: 'Secret code', redacted: true, text: 'hunter2' }, page: page('New contact · Acme CRM', '/contacts/new') },
      { action: 'click', element: { tag: 'button', name: 'Save contact' }, page: page('New contact · Acme CRM', '/contacts/new') },
    ];
    for (const capture of steps) {
      const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
      await postUpload(upload, image, 'image/png');
      expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, capture })).status).toBe(201);
    }
    const written = await getGuide(c, guide.id);
    expect(written.title).toBe('Add a new contact in Acme CRM');
    expect(written.intro).toBe("In this guide you'll add a new contact in Acme CRM, in 3 steps.");
    expect(written.slides.map((s) => s.text)).toEqual(['Open **New contact**', 'Type in **Secret code**', 'Click **Save contact**']);
    expect(written.slides.map((s) => s.narration)).toEqual([
      'On the Contacts page, open New contact.',
      'On the New contact page, type in the Secret code field.',
      'Finally, click the Save contact button.',
    ]);
    expect(JSON.stringify(written)).not.toContain('hunter2');

    await c.request('PATCH', `/api/guides/${guide.id}/slides/${written.slides[2]!.id}`, { narration: 'Save it.' });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${written.slides[0]!.id}`, { narration: 'Something else.', text: 'Other' });
    await db().entities.slide.patch({ guideId: guide.id, slideId: written.slides[0]!.id }).set({ edited: false }).go();
    const kept = (await c.post(`/api/guides/${guide.id}/transcript`, {})).json as GuideDto;
    expect(kept.slides[0]!.narration).toBe('On the Contacts page, open New contact.');
    expect(kept.slides[2]).toMatchObject({ narration: 'Save it.', edited: true });
    const overwritten = (await c.post(`/api/guides/${guide.id}/transcript`, { slideIds: [written.slides[2]!.id], overwriteEdited: true })).json as GuideDto;
    expect(overwritten.slides[2]).toMatchObject({ narration: 'Finally, click the Save contact button.', edited: false });
    expect((await c.post(`/api/guides/${guide.id}/transcript`, { slideIds: ['nope'] })).status).toBe(404);
    // The author's title stays theirs.
    await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'My own title' });
    expect(((await c.post(`/api/guides/${guide.id}/transcript`, {})).json as GuideDto).title).toBe('My own title');
  });

  it('refuses capture metadata of the wrong shape', async () => {
    const c = await author({ pro: false });
    const guide = (await c.post('/api/guides', { title: 'Shapes' })).json as GuideDto;
    const bad = await c.post(`/api/guides/${guide.id}/slides`, { capture: { action: 'hover', element: { tag: 'a' } } });
    expect(bad.status).toBe(422);
    const extra = await c.post(`/api/guides/${guide.id}/slides`, { capture: { action: 'click', element: { tag: 'a', value: 'typed secret' } } });
    expect(extra.status).toBe(422);
    expect((await getGuide(c, guide.id)).slides).toEqual([]);
  });
});
