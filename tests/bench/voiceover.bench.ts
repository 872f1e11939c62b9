import type { PollyClient } from '@aws-sdk/client-polly';
import type { GuideDto } from '#shared/guides';
import type { JobDto } from '#shared/narration';
import { db } from '../../functions/db/service';
import type { TtsProvider } from '../../functions/domain/narration/contracts';
import { wavToMp3 } from '../../functions/domain/narration/encode';
import { setTtsProvider, ttsProvider, type Tts } from '../../functions/domain/narration/tts';
import { pollyTts } from '../../functions/domain/narration/tts-polly';
import { pcmWav } from '../../functions/domain/narration/wav';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import type { BenchStack } from './support';

/**
 * Voiceover:
 * - local: a 20-slide guide voiced end to end through the job (POST, queue, worker, S3, table),
 *   as seconds of speech made per second of wall time (target ≥ 10×), against the same texts
 *   through the engine alone in the same run (the job's own cost is the difference); then one
 *   slide edited and the job run again (target: exactly 1 synthesis).
 * - Polly: the calls a voiceover makes, counted against a stub Polly client (target: one audio
 *   and one speech-marks call per stale slide, none for fresh ones).
 */
const SLIDES = 20;
const VERBS = ['Open', 'Click', 'Type in', 'Choose', 'Check', 'Select'];
const TARGETS = ['the Settings page', 'the Invite button', 'the email field', 'the Role list', 'the billing box', 'the Save changes button', 'the Reports tab'];
const narrationOf = (i: number) => `${i === 0 ? 'First' : i === SLIDES - 1 ? 'Finally' : 'Next'}, ${VERBS[i % VERBS.length]!.toLowerCase()} ${TARGETS[i % TARGETS.length]} to continue with step ${i + 1}.`;

function counting(inner: Tts): Tts & { calls: number } {
  const counted = {
    ...inner,
    calls: 0,
    voices: () => inner.voices(),
    synthesize: async (request: Parameters<TtsProvider['synthesize']>[0]) => {
      counted.calls++;
      return inner.synthesize(request);
    },
  };
  return counted;
}

async function proAuthor(stack: BenchStack): Promise<ApiClient> {
  const client = new ApiClient(stack.server.url);
  const { user } = await signUp(client);
  await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
  return client;
}

async function twentySlideGuide(client: ApiClient): Promise<GuideDto> {
  const guide = (await client.post('/api/guides', { title: 'Invite a teammate' })).json as GuideDto;
  const image = await pngImage(320, 200);
  for (let i = 0; i < SLIDES; i++) {
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step **${i + 1}**`, narration: narrationOf(i) });
  }
  return (await client.get(`/api/guides/${guide.id}`)).json as GuideDto;
}

async function runJob(stack: BenchStack, client: ApiClient, guideId: string): Promise<{ job: JobDto; ms: number }> {
  const started = performance.now();
  const response = await client.post(`/api/guides/${guideId}/voiceover`, {});
  if (response.status !== 202) throw new Error(`voiceover: ${response.status} ${response.text}`);
  await stack.server.workers.idle();
  const ms = performance.now() - started;
  return { job: (await client.get(`/api/jobs/${response.json.jobId}`)).json as JobDto, ms };
}

async function benchLocal(stack: BenchStack): Promise<void> {
  const engine = await ttsProvider();
  // Warm the engine (flite's WebAssembly compiles once per process).
  await engine.synthesize({ text: 'Warm up.', voiceId: engine.defaultVoiceId, rate: 1, language: 'en-US' });

  // Baseline: the same texts through the engine alone.
  let engineSpeechMs = 0;
  const engineStarted = performance.now();
  for (let i = 0; i < SLIDES; i++) engineSpeechMs += (await engine.synthesize({ text: narrationOf(i), voiceId: engine.defaultVoiceId, rate: 1, language: 'en-US' })).durationMs;
  const engineMs = performance.now() - engineStarted;

  const client = await proAuthor(stack);
  const guide = await twentySlideGuide(client);
  const counter = counting(engine);
  setTtsProvider(counter);
  try {
    const first = await runJob(stack, client, guide.id);
    const voiced = (await client.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const speechMs = voiced.slides.reduce((sum, slide) => sum + (slide.audioDurationMs ?? 0), 0);
    const audioBytes = await Promise.all(voiced.slides.map(async (s) => (await fetch(`${stack.server.url}${s.audioUrl}`)).arrayBuffer().then((b) => b.byteLength)));
    const bytesPerSecond = audioBytes.reduce((a, b) => a + b, 0) / (speechMs / 1000);
    const callsFirst = counter.calls;

    await client.request('PATCH', `/api/guides/${guide.id}/slides/${voiced.slides[7]!.id}`, { narration: 'Now type the address of the person you are inviting.' });
    const before = counter.calls;
    const second = await runJob(stack, client, guide.id);
    const resynthesised = counter.calls - before;
    const third = await runJob(stack, client, guide.id);

    console.log('\nvoiceover (local engine, 20 slides, through the job)');
    console.log(`  engine:  ${engine.engine} ${engine.engineVersion}`);
    console.log(`  job:     ${(speechMs / 1000).toFixed(1)} s of speech in ${(first.ms / 1000).toFixed(2)} s → ${(speechMs / first.ms).toFixed(1)}× real time (target ≥ 10×), ${callsFirst} syntheses, job ${first.job.state}`);
    console.log(`  engine alone (same run, same texts): ${(engineSpeechMs / 1000).toFixed(1)} s of speech in ${(engineMs / 1000).toFixed(2)} s → ${(engineSpeechMs / engineMs).toFixed(1)}× real time`);
    console.log(`  audio:   ${(bytesPerSecond / 1000).toFixed(1)} KB per second of speech (limit 32 KB/s)`);
    console.log(`  re-run after editing 1 slide: ${resynthesised} synthesis (target exactly 1), ${(second.ms / 1000).toFixed(2)} s; unchanged re-run: ${third.job.synthesized} syntheses in ${(third.ms / 1000).toFixed(2)} s`);
  } finally {
    setTtsProvider(undefined);
  }
}

/** A stub of Polly's client: a real MP3 of silence for audio, word marks for json; every call counted. */
async function pollyStub(): Promise<{ client: Pick<PollyClient, 'send'>; counts: { audio: number; marks: number; voices: number } }> {
  const mp3 = await wavToMp3(pcmWav([new Uint8Array(24_000 * 2)], { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }));
  const counts = { audio: 0, marks: 0, voices: 0 };
  const body = (bytes: Uint8Array) => ({ transformToByteArray: async () => bytes });
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      if (command.constructor.name === 'DescribeVoicesCommand') {
        counts.voices++;
        return { Voices: [{ Id: 'Joanna', Name: 'Joanna', LanguageCode: 'en-US', Gender: 'Female' }] };
      }
      if (command.input['OutputFormat'] === 'json') {
        counts.marks++;
        const words = String(command.input['Text']).split(/\s+/);
        const lines = words.map((value, i) => JSON.stringify({ time: i * 40, type: 'word', start: 0, end: 0, value })).join('\n');
        return { AudioStream: body(new TextEncoder().encode(lines)) };
      }
      counts.audio++;
      return { AudioStream: body(mp3) };
    },
  } as unknown as Pick<PollyClient, 'send'>;
  return { client, counts };
}

async function benchPolly(stack: BenchStack): Promise<void> {
  const { client: polly, counts } = await pollyStub();
  setTtsProvider(pollyTts(polly));
  try {
    const client = await proAuthor(stack);
    const guide = await twentySlideGuide(client);
    const first = await runJob(stack, client, guide.id);
    const afterFirst = { ...counts };
    const fresh = await runJob(stack, client, guide.id);
    const afterFresh = { ...counts };
    await client.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[3]!.id}`, { narration: 'A changed line.' });
    await client.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[12]!.id}`, { narration: 'Another changed line.' });
    const edited = await runJob(stack, client, guide.id);
    console.log('\nvoiceover (Polly path, calls counted against a stub client)');
    console.log(`  20 stale slides: ${afterFirst.audio} audio + ${afterFirst.marks} marks calls (target 20 + 20), job ${first.job.state}`);
    console.log(`  20 fresh slides: ${afterFresh.audio - afterFirst.audio} audio + ${afterFresh.marks - afterFirst.marks} marks calls (target 0 + 0), job ${fresh.job.state}`);
    console.log(`  2 slides edited: ${counts.audio - afterFresh.audio} audio + ${counts.marks - afterFresh.marks} marks calls (target 2 + 2), job ${edited.job.state}`);
  } finally {
    setTtsProvider(undefined);
  }
}

export async function benchVoiceover(stack: BenchStack): Promise<void> {
  await benchLocal(stack);
  await benchPolly(stack);
}
