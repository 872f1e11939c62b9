import { AppError } from '#shared/errors';
import type { JobDto, VoiceoverStartedDto } from '#shared/narration';
import { db } from '../../db/service';
import { Asset, newId, WorkLine } from '../platform';
import { Entitlements } from '../billing';
import { audioHash, audioKey, languageSetting, loadGuide, needsAudio, rateSetting, voiceSetting } from '../guide-store';
import { findAudio, putAudio } from './audio-store';
import { ttsProvider, type Tts } from './tts';

/**
 * The voiceover of a guide: a job that gives every slide with narration an audio file in the
 * guide's voice and speed. Only slides whose audio no longer matches are synthesised, and each
 * audio file is named by a hash of what shapes it, so a file already made is reused. A slide's
 * audio changes only once its new file is stored: a job that fails leaves the rest as they were.
 */
type JobItem = NonNullable<Awaited<ReturnType<typeof getJob>>>;

const JOB_NOT_FOUND = 'Job not found.';
/** A running job whose worker said nothing for this long has died (a Lambda timeout on its last try). */
export const STALLED_AFTER_MS = 10 * 60_000;
/** Slides voiced at once: enough to overlap synthesis with encoding and storage, few enough for Polly's rate limits. */
const SLIDES_AT_ONCE = 3;
/** How often a running job's progress (and heartbeat) is written. */
const PROGRESS_EVERY_MS = 400;
/** Finished jobs are kept this long (DynamoDB TTL). */
const JOB_TTL_SECONDS = 7 * 24 * 3600;

async function getJob(jobId: string) {
  const { data } = await db().entities.job.get({ jobId }).go();
  return data;
}

/** `place`: a queued job's place in its organisation's line, which vouches for it however long it waits. */
function jobDto(job: JobItem, place: WorkLine.Place | undefined, now = Date.now()): JobDto {
  const queued = job.state === 'queued' ? place : undefined;
  const stalled = (job.state === 'running' || job.state === 'queued') && now - (job.heartbeatAt ?? job.updatedAt) > STALLED_AFTER_MS && !queued?.alive;
  return {
    id: job.jobId,
    kind: job.kind,
    guideId: job.guideId,
    state: stalled ? 'failed' : job.state,
    done: job.done,
    total: job.total,
    synthesized: job.synthesized,
    error: stalled ? 'The voiceover stopped before it finished. Please try again.' : (job.error ?? null),
    createdAt: new Date(job.createdAt).toISOString(),
    updatedAt: new Date(job.updatedAt).toISOString(),
    queuePosition: stalled ? null : (queued?.position ?? null),
  };
}

/** A job of this organisation, or not found. */
export async function fromId(orgId: string, jobId: string): Promise<JobDto> {
  const job = await getJob(jobId);
  if (!job || job.orgId !== orgId) throw new AppError('not_found', JOB_NOT_FOUND);
  return jobDto(job, job.state === 'queued' ? await WorkLine.place(orgId, 'voiceover', jobId) : undefined);
}

/** The voice that speaks for a guide: its own when the engine has it, else the engine's default. */
async function voiceFor(tts: Tts, voiceId: string | undefined): Promise<string> {
  if (!voiceId) return tts.defaultVoiceId;
  const voices = await tts.voices();
  return voices.some((v) => v.id === voiceId) ? voiceId : tts.defaultVoiceId;
}

export interface StartOptions {
  voiceId?: string | undefined;
  speechRate?: number | undefined;
  /** the seed narrates the demo guides whatever the demo organisation's plan */
  ignorePlan?: boolean;
}

/** Starts a voiceover job for a guide (Pro only): 202 { jobId } in the API. */
export async function start(orgId: string, guideId: string, createdBy: string, options: StartOptions = {}): Promise<VoiceoverStartedDto> {
  const { guide, slides } = await loadGuide(guideId);
  if (!guide || guide.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  if (!options.ignorePlan && !(await Entitlements.forOrganization(orgId)).voiceover) {
    throw new AppError('plan_limit', 'Voiceover is a Pro feature. Start your Pro trial to narrate your guides.');
  }
  if (options.voiceId) {
    const voices = await (await ttsProvider()).voices();
    if (!voices.some((v) => v.id === options.voiceId)) throw new AppError('validation_failed', 'The request body is invalid.', { voiceId: 'No such voice.' });
  }
  const jobId = `${guideId}-${newId()}`;
  const total = slides.filter((s) => s.narration?.trim()).length;
  await db()
    .entities.job.create({ jobId, orgId, guideId, kind: 'voiceover', createdBy, state: 'queued', total, heartbeatAt: Date.now(), expiresAt: Math.floor(Date.now() / 1000) + JOB_TTL_SECONDS })
    .go();
  await db()
    .entities.guide.patch({ guideId })
    .composite({ orgId, folderId: guide.folderId })
    .set({
      voiceoverJobId: jobId,
      ...(options.voiceId ? { voiceId: options.voiceId } : {}),
      ...(options.speechRate !== undefined ? { speechRate: options.speechRate } : {}),
    })
    .go();
  try {
    // Into the organisation's line: sent at once while it has a free slot, else told its place.
    await WorkLine.submit('voiceover', { orgId, ref: jobId, message: { jobId } });
  } catch (error) {
    await finish(jobId, 'failed', 'The voiceover could not be started. Please try again.');
    throw error;
  }
  return { jobId };
}

async function finish(jobId: string, state: 'done' | 'failed', error?: string): Promise<void> {
  await db()
    .entities.job.patch({ jobId })
    .set({ state, heartbeatAt: Date.now(), ...(error ? { error } : {}) })
    .go();
}

async function progress(jobId: string, done: number, synthesized: number, total: number): Promise<void> {
  await db().entities.job.patch({ jobId }).set({ state: 'running', done, synthesized, total, heartbeatAt: Date.now() }).go();
}

export interface RunResult {
  state: 'done' | 'failed' | 'skipped';
  synthesized: number;
}

/**
 * The worker's part: runs a job to its end. Safe to run again for the same job (a redelivered
 * message): finished jobs are left alone, and slides done by an earlier attempt are fresh now.
 * A failure on the last attempt marks the job failed; before that it is thrown, to be retried.
 */
export async function run(jobId: string, { finalAttempt }: { finalAttempt: boolean }): Promise<RunResult> {
  const job = await getJob(jobId);
  if (!job || job.state === 'done' || job.state === 'failed') return { state: 'skipped', synthesized: 0 };
  let synthesized = job.synthesized;
  try {
    const { guide, slides } = await loadGuide(job.guideId);
    if (!guide) {
      await finish(jobId, 'failed', 'The guide was deleted.');
      return { state: 'failed', synthesized };
    }
    const tts = await ttsProvider();
    const voiceId = await voiceFor(tts, guide.voiceId);
    const rate = rateSetting(guide);
    const language = languageSetting(guide);
    const spoken = slides.filter((s) => s.narration?.trim());
    let done = 0;
    await progress(jobId, done, synthesized, spoken.length);
    const prefix = Asset.guidePrefix(guide.orgId, guide.guideId);
    // A few slides at a time: one is synthesised while others are encoded and stored.
    const queue = [...slides];
    let lastProgress = performance.now();
    const voiceOne = async (slide: (typeof slides)[number]): Promise<void> => {
      const narration = slide.narration?.trim() ?? '';
      if (!narration) {
        // An empty narration has no audio: the player falls back to its reading time.
        if (slide.audioKey) await db().entities.slide.patch({ guideId: guide.guideId, slideId: slide.slideId }).remove(['audioKey', 'audioDurationMs', 'words', 'audioNarration', 'audioVoiceId', 'audioRate']).go();
        return;
      }
      const hash = audioHash({ engine: tts.engine, engineVersion: tts.engineVersion, voiceId, rate, language, text: narration });
      const key = audioKey(prefix, hash, 'audio/mpeg');
      if (slide.audioKey !== key || needsAudio(slide, guide)) {
        let meta = await findAudio(key);
        if (!meta) {
          const result = await tts.synthesize({ text: narration, voiceId, rate, language });
          meta = { durationMs: result.durationMs, words: result.words, mimeType: result.mimeType };
          await putAudio(key, result.audio, meta);
          synthesized++;
        }
        await db()
          .entities.slide.patch({ guideId: guide.guideId, slideId: slide.slideId })
          .set({
            audioKey: key,
            audioDurationMs: meta.durationMs,
            words: meta.words,
            audioNarration: slide.narration ?? '',
            audioVoiceId: voiceSetting(guide),
            audioRate: rate,
          })
          // Edited while this ran: the new words get their audio from the next run.
          .where((attr, { eq }) => eq(attr.narration, slide.narration ?? ''))
          .go()
          .catch((error: unknown) => {
            if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException') throw error;
          });
      }
      done++;
      // Progress is written at most a few times a second: each write is a table round trip.
      if (done === spoken.length || performance.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = performance.now();
        await progress(jobId, done, synthesized, spoken.length);
      }
    };
    await Promise.all(
      Array.from({ length: SLIDES_AT_ONCE }, async () => {
        for (let slide = queue.shift(); slide; slide = queue.shift()) await voiceOne(slide);
      }),
    );
    await finish(jobId, 'done');
    return { state: 'done', synthesized };
  } catch (error) {
    if (!finalAttempt) throw error;
    await finish(jobId, 'failed', 'The voice engine failed. The previous audio is kept; please try again.');
    return { state: 'failed', synthesized };
  }
}
