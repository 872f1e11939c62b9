import type { CaptureMeta } from '#shared/capture';

/**
 * The two seams of narration (design.md §5). The smart transcript writes each slide's step text
 * and spoken line; the voiceover turns spoken lines into audio. Each has a local, offline
 * implementation (the default, and the one every test uses) and an AWS one chosen by
 * configuration.
 */

// Smart transcript

export interface TranscriptStep {
  /** what capture recorded; null for a slide made from an uploaded image */
  capture: CaptureMeta | null;
  /** the slide's screenshot, for providers that can look at it (vision input) */
  screenshot?: { bytes: Uint8Array; mimeType: 'image/png' | 'image/jpeg' | 'image/webp' } | undefined;
}

export interface TranscriptInput {
  /** the guide's goal as the author or capture gave it (a title they typed), if any */
  goal?: string | undefined;
  steps: TranscriptStep[];
}

export interface SlideTranscript {
  /** short imperative step text, the target in **bold** markdown */
  text: string;
  /** one or two plain spoken sentences, no markdown, never a typed or redacted value */
  narration: string;
  /** the provider could only guess (an uploaded image with nothing captured): the editor flags it */
  needsText: boolean;
}

export interface GuideTranscript {
  /** a title from the task ("Invite a teammate in Acme Admin"), not the page's <title> */
  title: string;
  /** "In this guide you'll …" */
  intro: string;
  outro: string;
  /** one per input step, in order */
  slides: SlideTranscript[];
}

export interface TranscriptProvider {
  /** `local` or `bedrock`; stored with generated text */
  readonly name: string;
  write(input: TranscriptInput): Promise<GuideTranscript>;
}

// Synthetic voiceover

export interface Voice {
  /** stable id stored on the guide (`flite:slt`, `polly:Joanna`) */
  id: string;
  name: string;
  /** BCP 47 (`en-US`) */
  language: string;
  gender: 'female' | 'male' | 'neutral';
  /** `flite`, `festival`, `espeak-ng`, `polly-neural` */
  engine: string;
}

export interface SynthesisRequest {
  text: string;
  voiceId: string;
  /** 0.75–1.5, 1 = the voice's normal speed */
  rate: number;
  language: string;
}

export interface WordTiming {
  startMs: number;
  endMs: number;
  text: string;
}

export interface Synthesis {
  /** compressed and browser-playable (MP3 or Opus), at most 32 KB per second of speech */
  audio: Uint8Array;
  mimeType: 'audio/mpeg' | 'audio/ogg';
  durationMs: number;
  words: WordTiming[];
}

export interface TtsProvider {
  /** part of every audio key's hash: a new engine or version re-synthesises */
  readonly engine: string;
  readonly engineVersion: string;
  voices(): Promise<Voice[]>;
  synthesize(request: SynthesisRequest): Promise<Synthesis>;
}
