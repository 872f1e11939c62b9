import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { VoiceoverStartedDto, type StartVoiceoverBody } from '#shared/narration';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';

/** POST /api/guides/{id}/voiceover: starts the job (Pro; `plan_limit` otherwise) and answers its id. */
export function startVoiceover({ guideId, data }: { guideId: string; data: z.input<typeof StartVoiceoverBody> }) {
  return api.post(`/api/guides/${encodeURIComponent(guideId)}/voiceover`, data, VoiceoverStartedDto);
}

export function useStartVoiceover({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startVoiceover> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: startVoiceover });
}
