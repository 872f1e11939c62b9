import * as z from 'zod';

/**
 * The narration API contract: voices (GET /api/voices), the voiceover job
 * (POST /api/guides/{id}/voiceover, GET /api/jobs/{id}) and the smart transcript
 * (POST /api/guides/{id}/transcript).
 */
export const MIN_SPEECH_RATE = 0.75;
export const MAX_SPEECH_RATE = 1.5;
export const DEFAULT_SPEECH_RATE = 1;
export const DEFAULT_LANGUAGE = 'en-US';

/** `engine:name`, e.g. `flite:slt` or `polly:Joanna` */
export const VoiceId = z
  .string()
  .max(80)
  .regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9_.-]+$/, 'Not a valid voice id.');
export const SpeechRate = z.number().min(MIN_SPEECH_RATE, 'Use a speed of at least 0.75×.').max(MAX_SPEECH_RATE, 'Use a speed of at most 1.5×.');
export const Language = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Not a valid language tag.');

export const WordTiming = z.object({ startMs: z.number().nonnegative(), endMs: z.number().nonnegative(), text: z.string() });
export type WordTiming = z.infer<typeof WordTiming>;

export const VoiceDto = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  gender: z.enum(['female', 'male', 'neutral']),
  engine: z.string(),
  /** plays for everyone, Pro or not; synthesised once and cached */
  sampleUrl: z.string(),
});
export type VoiceDto = z.infer<typeof VoiceDto>;

export const VoiceListDto = z.object({ voices: z.array(VoiceDto), defaultVoiceId: z.string() });
export type VoiceListDto = z.infer<typeof VoiceListDto>;

export const VoicePath = z.object({ voiceId: VoiceId });

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JobId = z.string().regex(/^[A-Za-z0-9]{12}-[A-Za-z0-9_-]{8,32}$/, 'Not a valid job id.');
export const JobPath = z.object({ id: JobId });

export const JobDto = z.object({
  id: z.string(),
  kind: z.literal('voiceover'),
  guideId: z.string(),
  state: z.enum(JOB_STATES),
  /** slides finished (synthesised or already fresh) of those with narration */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** slides that needed new audio in this job (the rest were fresh or cached) */
  synthesized: z.number().int().nonnegative(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** while `queued` behind the organisation's other voiceovers: its place in their line, 1 for the next; else null */
  queuePosition: z.number().int().positive().nullable().default(null),
});
export type JobDto = z.infer<typeof JobDto>;

export const StartVoiceoverBody = z
  .object({
    /** saved on the guide first, as the picker would */
    voiceId: VoiceId.optional(),
    speechRate: SpeechRate.optional(),
  })
  .strict();

export const VoiceoverStartedDto = z.object({ jobId: z.string() });
export type VoiceoverStartedDto = z.infer<typeof VoiceoverStartedDto>;

export const RegenerateTranscriptBody = z
  .object({
    /** the slides to rewrite; all of them when absent */
    slideIds: z.array(z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.')).min(1).max(500).optional(),
    /** rewrite slides whose text the author edited too (the editor asks first) */
    overwriteEdited: z.boolean().default(false),
  })
  .strict();

/** Whether a state is final: the design view stops polling. */
export function isFinished(state: JobState): boolean {
  return state === 'done' || state === 'failed';
}
