import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audioHash, audioKey, audioMetaKey, type AudioInputs } from '../guide-store/audio-key';
import { wavToMp3 } from './encode';
import { speechSpans } from './tts-flite';
import { mp3DurationMs } from './mp3';
import { chunkText, splitSentences } from './sentences';
import { pcmWav, readWav } from './wav';
import { estimateWordTimings, syllables } from './word-timings';

const INPUTS: AudioInputs = { engine: 'flite', engineVersion: 'v1', voiceId: 'flite:slt', rate: 1, language: 'en-US', text: 'Click Save.' };

describe('audio keys', () => {
  it('are the same for the same inputs and differ when anything that shapes the sound differs', () => {
    expect(audioHash(INPUTS)).toBe(audioHash({ ...INPUTS }));
    expect(audioHash({ ...INPUTS, text: ' Click Save. ' })).toBe(audioHash(INPUTS));
    const variants: Array<Partial<AudioInputs>> = [{ text: 'Click Save!' }, { voiceId: 'flite:rms' }, { rate: 1.25 }, { engine: 'polly-neural' }, { engineVersion: 'v2' }, { language: 'en-GB' }];
    const hashes = new Set([audioHash(INPUTS), ...variants.map((v) => audioHash({ ...INPUTS, ...v }))]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it('live under the guide, with the timings file beside the audio', () => {
    const key = audioKey('orgs/o/guides/g/', audioHash(INPUTS), 'audio/mpeg');
    expect(key).toMatch(/^orgs\/o\/guides\/g\/audio\/[\w-]{27}\.mp3$/);
    expect(audioMetaKey(key)).toBe(key.replace(/\.mp3$/, '.json'));
  });
});

describe('sentence splitting', () => {
  it('splits at sentence ends, keeping the punctuation', () => {
    expect(splitSentences('Open Settings. Click "Save"! Done? Yes…')).toEqual(['Open Settings.', 'Click "Save"!', 'Done?', 'Yes…']);
  });

  it('packs 3,000+ characters into pieces within the limit, at sentence ends, losing no word', () => {
    const text = Array.from({ length: 80 }, (_, i) => `Sentence number ${i} explains one more thing about the screen.`).join(' ');
    expect(text.length).toBeGreaterThan(3_000);
    const chunks = chunkText(text, 1_000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1_000);
      expect(chunk).toMatch(/\.$/);
    }
    expect(chunks.join(' ')).toBe(text);
  });

  it('cuts a sentence longer than the limit at a comma or a space', () => {
    const long = `${'word, '.repeat(300)}end.`;
    const chunks = chunkText(long, 200);
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(long.trim().replace(/\s+/g, ' '));
  });
});

describe('word timing estimates', () => {
  it.each([
    ['Save', 1],
    ['button', 2],
    ['settings', 2],
    ['invitation', 4],
    ['2024', 4],
    ['&', 1],
  ])('%s has %i syllable(s)', (word, count) => expect(syllables(word)).toBe(count));

  it('spread over the audio in order, longer words longer, a pause after a full stop', () => {
    const words = estimateWordTimings('Click Save. Then open notifications.', 3_000);
    expect(words.map((w) => w.text)).toEqual(['Click', 'Save.', 'Then', 'open', 'notifications.']);
    for (let i = 0; i < words.length; i++) {
      expect(words[i]!.endMs).toBeGreaterThan(words[i]!.startMs);
      if (i > 0) expect(words[i]!.startMs).toBeGreaterThanOrEqual(words[i - 1]!.endMs);
    }
    expect(words[4]!.endMs - words[4]!.startMs).toBeGreaterThan(words[0]!.endMs - words[0]!.startMs);
    expect(words[2]!.startMs - words[1]!.endMs).toBeGreaterThan(0);
    expect(words.at(-1)!.endMs).toBeLessThanOrEqual(3_000);
  });

  it('follow the engine’s spans of speech when it reports them', () => {
    const words = estimateWordTimings('One two. Three four.', 4_000, [
      { startMs: 100, endMs: 1_000 },
      { startMs: 2_000, endMs: 3_000 },
    ]);
    expect(words.map((w) => [w.text, w.startMs >= 2_000])).toEqual([
      ['One', false],
      ['two.', false],
      ['Three', true],
      ['four.', true],
    ]);
  });

  it('reads flite’s segment trace into spans of speech, across utterances', () => {
    expect(speechSpans('pau:0.2 k:0.3 l:0.4 pau:0.6 d:0.7 \npau:0.1 ow:0.3 pau:0.4')).toEqual([
      { startMs: 200, endMs: 400 },
      { startMs: 600, endMs: 700 },
      { startMs: 800, endMs: 1_000 },
    ]);
  });

  it('are empty without words or time', () => {
    expect(estimateWordTimings('', 1_000)).toEqual([]);
    expect(estimateWordTimings('Hello', 0)).toEqual([]);
  });
});

describe('WAV and MP3', () => {
  it('reads a WAV’s length, and joins PCM chunks into one file', () => {
    const second = new Uint8Array(16_000);
    const wav = pcmWav([second, second], { sampleRate: 8_000, channels: 1, bitsPerSample: 16 });
    expect(readWav(wav)).toMatchObject({ sampleRate: 8_000, channels: 1, durationMs: 2_000, dataLength: 32_000 });
    expect(() => readWav(new Uint8Array(20))).toThrow(/WAV/);
  });

  it('encodes to MP3 at 4 KB per second of speech, whose frames give its length as ffprobe reads it', async () => {
    const wav = pcmWav([new Uint8Array(16_000 * 2 * 3)], { sampleRate: 16_000, channels: 1, bitsPerSample: 16 });
    const mp3 = await wavToMp3(wav);
    expect(mp3.length / 3).toBeLessThan(5_000);
    const ffprobe = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string }).path;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stepcast-mp3-')), 'speech.mp3');
    writeFileSync(file, mp3);
    const probed = Number(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString()) * 1000;
    expect(Math.abs(mp3DurationMs(mp3) - probed)).toBeLessThan(60);
    expect(Math.abs(mp3DurationMs(mp3) - 3_000)).toBeLessThan(120);
  });

  it('counts no frames in bytes that are not MP3', () => {
    expect(mp3DurationMs(new Uint8Array(1_000))).toBe(0);
  });
});
