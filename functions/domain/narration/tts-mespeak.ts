import { createRequire } from 'node:module';
import type { Synthesis, SynthesisRequest, TtsProvider, Voice } from './contracts';
import { wavToMp3 } from './encode';
import { readWav } from './wav';
import { estimateWordTimings } from './word-timings';

/**
 * meSpeak (eSpeak compiled to JavaScript, on npm): the offline voice of translated guides, as
 * flite speaks only English. It runs in this process, synchronously, one voice loaded at a time,
 * and reports no word timings, so they are estimated by syllables over the audio's length.
 */
interface MeSpeak {
  loadConfig(config: unknown): void;
  loadVoice(voice: unknown): void;
  isVoiceLoaded(id: string): boolean;
  speak(text: string, options: { rawdata: 'buffer'; voice: string; speed: number }): ArrayBuffer | null;
}

/** The languages of TRANSLATION_LANGUAGES meSpeak has a voice for, by its voice file. */
const VOICES: Voice[] = [
  { id: 'mespeak:de', name: 'meSpeak Deutsch', language: 'de-DE', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:es', name: 'meSpeak Español', language: 'es-ES', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:fr', name: 'meSpeak Français', language: 'fr-FR', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:it', name: 'meSpeak Italiano', language: 'it-IT', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:nl', name: 'meSpeak Nederlands', language: 'nl-NL', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:pl', name: 'meSpeak Polski', language: 'pl-PL', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:pt', name: 'meSpeak Português', language: 'pt-BR', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:sv', name: 'meSpeak Svenska', language: 'sv-SE', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:fi', name: 'meSpeak Suomi', language: 'fi-FI', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:tr', name: 'meSpeak Türkçe', language: 'tr-TR', gender: 'male', engine: 'mespeak' },
  { id: 'mespeak:en-us', name: 'meSpeak English', language: 'en-US', gender: 'male', engine: 'mespeak' },
];
/** eSpeak's own default speed, in words per minute. */
const BASE_WPM = 175;

let engine: MeSpeak | undefined;
function mespeak(): MeSpeak {
  if (engine) return engine;
  const require = createRequire(import.meta.url);
  // meSpeak warns once that it cannot play sound outside a browser: here it only ever renders.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    engine = require('mespeak') as MeSpeak;
  } finally {
    console.warn = warn;
  }
  engine.loadConfig(require('mespeak/src/mespeak_config.json'));
  return engine;
}

function voiceFile(id: string): string {
  const name = id.slice('mespeak:'.length);
  return name.startsWith('en') ? `mespeak/voices/en/${name}.json` : `mespeak/voices/${name}.json`;
}

export const mespeakTts: TtsProvider & { defaultVoiceId: string } = {
  engine: 'mespeak',
  engineVersion: 'mespeak-2.0.2/mp3-32k-mono',
  defaultVoiceId: 'mespeak:en-us',
  voices: async () => VOICES,
  async synthesize({ text, voiceId, rate }: SynthesisRequest): Promise<Synthesis> {
    const voice = VOICES.find((v) => v.id === voiceId) ?? VOICES[0]!;
    const speaker = mespeak();
    const name = voice.id.slice('mespeak:'.length);
    if (!speaker.isVoiceLoaded(name)) speaker.loadVoice(createRequire(import.meta.url)(voiceFile(voice.id)));
    // Markup characters would be read out as words.
    const clean = text.replace(/[*_`#<>]/g, ' ').replace(/\s+/g, ' ').trim();
    const raw = speaker.speak(clean, { rawdata: 'buffer', voice: name, speed: Math.round(BASE_WPM * rate) });
    if (!raw) throw new Error('meSpeak produced no audio');
    const wav = new Uint8Array(raw);
    const { durationMs } = readWav(wav);
    return { audio: await wavToMp3(wav), mimeType: 'audio/mpeg', durationMs, words: estimateWordTimings(text, durationMs) };
  },
};
