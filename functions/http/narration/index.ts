import { dispatch } from '../../core/dispatch';
import { listVoices, voiceSample } from './voices';
import { getJob, regenerateTranscript, startVoiceover } from './voiceover';

export const handler = dispatch('narration', { listVoices, voiceSample, startVoiceover, getJob, regenerateTranscript });
