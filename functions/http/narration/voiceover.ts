// The voiceover job and the smart transcript of a guide.
import { GuidePath } from '#shared/guides';
import { JobPath, RegenerateTranscriptBody, StartVoiceoverBody } from '#shared/narration';
import { Reply, defineHandler } from '../../core/http';
import { Revision } from '../../domain/guide-store';
import { Transcript } from '../../domain/guides';
import { Voiceover } from '../../domain/narration';
import { requireMember } from '../actor';
import { expectedRevision, revised } from '../revision';

// POST /api/guides/{id}/voiceover — start a voiceover job (Pro): 202 { jobId }
export const startVoiceover = defineHandler({ params: GuidePath, body: StartVoiceoverBody.optional() }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(202, await Voiceover.start(member.orgId, params.id, member.userId, body ?? {}));
});

// GET /api/jobs/{id} — a job's state and progress
export const getJob = defineHandler({ params: JobPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return Voiceover.fromId(member.orgId, params.id);
});

// POST /api/guides/{id}/transcript — regenerate the step text and narration of some or all slides
export const regenerateTranscript = defineHandler({ params: GuidePath, body: RegenerateTranscriptBody.optional() }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { result, revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () =>
    Transcript.regenerate(member.orgId, params.id, body ?? { overwriteEdited: false }),
  );
  return revised(200, result, revision);
});
