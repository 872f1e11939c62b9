export { findAudio, putAudio } from './audio-store';
export type { TranscriptInput, TranscriptProvider, TranscriptStep, Voice } from './contracts';
export { localTranscript } from './local-transcript';
export { transcriptProvider } from './transcript';
export { ttsProvider } from './tts';
export type { Tts } from './tts';
export * as Voiceover from './voiceover';
export * as Voices from './voices';

/** meSpeak, loaded only when a language has no voice in the configured engine. */
export const loadMespeak = () => import('./tts-mespeak');
