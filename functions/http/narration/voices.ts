// Voices and their samples.
import { VoicePath } from '#shared/narration';
import { Reply, defineHandler } from '../../core/http';
import { Voices } from '../../domain/narration';
import { requireSession } from '../actor';

// GET /api/voices — the voices a guide can speak with, each with a sample URL
export const listVoices = defineHandler({}, async ({ event }) => {
  await requireSession(event);
  return Voices.list();
});

// GET /api/voices/{voiceId}/sample — redirects to the voice's sample (made once, then cached); plays for everyone
export const voiceSample = defineHandler({ params: VoicePath }, async ({ params }) => {
  const url = await Voices.sampleUrl(params.voiceId);
  return new Reply(302, undefined, { location: url, 'cache-control': 'public, max-age=3600' });
});
