import { spawn } from 'node:child_process';
import type { Synthesis, SynthesisRequest, TtsProvider, Voice } from './contracts';
import { wavToMp3 } from './encode';
import { readWav } from './wav';
import { estimateWordTimings } from './word-timings';

/**
 * eSpeak NG, when the machine has it (`TTS_ENGINE=espeak-ng`): more languages than flite, run
 * as a command that writes WAV to stdout. It reports no word timings, so they are estimated by
 * syllables over the audio's length.
 */
const VOICES: Voice[] = [
  { id: 'espeak-ng:en-us', name: 'English (US)', language: 'en-US', gender: 'neutral', engine: 'espeak-ng' },
  { id: 'espeak-ng:en-gb', name: 'English (UK)', language: 'en-GB', gender: 'neutral', engine: 'espeak-ng' },
  { id: 'espeak-ng:de', name: 'Deutsch', language: 'de-DE', gender: 'neutral', engine: 'espeak-ng' },
  { id: 'espeak-ng:fr-fr', name: 'Français', language: 'fr-FR', gender: 'neutral', engine: 'espeak-ng' },
  { id: 'espeak-ng:es', name: 'Español', language: 'es-ES', gender: 'neutral', engine: 'espeak-ng' },
];
/** eSpeak's own default speed, in words per minute. */
const BASE_WPM = 175;

function run(command: string, args: string[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(new Uint8Array(Buffer.concat(out))) : reject(new Error(`${command} exited with ${code}`))));
  });
}

export function espeakTts(command = 'espeak-ng'): TtsProvider & { defaultVoiceId: string } {
  return {
    engine: 'espeak-ng',
    engineVersion: 'cli/mp3-32k-mono',
    defaultVoiceId: 'espeak-ng:en-us',
    voices: async () => VOICES,
    async synthesize({ text, voiceId, rate }: SynthesisRequest): Promise<Synthesis> {
      const voice = VOICES.find((v) => v.id === voiceId) ?? VOICES[0]!;
      // `--` ends the options: a narration starting with "-" is read, not parsed.
      const wav = await run(command, ['-v', voice.id.slice('espeak-ng:'.length), '-s', String(Math.round(BASE_WPM * rate)), '--stdout', '--', text]);
      const { durationMs } = readWav(wav);
      return { audio: await wavToMp3(wav), mimeType: 'audio/mpeg', durationMs, words: estimateWordTimings(text, durationMs) };
    },
  };
}
