import { dispatch } from '../../core/dispatch';
import { getTranslation, listTranslations, removeTranslation, startTranslation, updateTranslationSlide, updateTranslationTexts } from './translations';
import { listVoices, voiceSample } from './voices';
import { getJob, regenerateTranscript, startVoiceover } from './voiceover';

export const handler = dispatch('narration', { listVoices, voiceSample, startVoiceover, getJob, regenerateTranscript, listTranslations, startTranslation, getTranslation, updateTranslationSlide, updateTranslationTexts, removeTranslation });
