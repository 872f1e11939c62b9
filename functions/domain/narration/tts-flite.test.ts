import { describe, expect, it } from 'vitest';
import { fliteTts } from './tts-flite';
import { mp3DurationMs } from './mp3';

describe('flite voice (the real engine, short texts)', () => {
  it('speaks a line as MP3 with one timing per word, in order, inside the audio', async () => {
    const text = 'Click Save & <continue>.';
    const result = await fliteTts.synthesize({ text, voiceId: 'flite:slt', rate: 1, language: 'en-US' });
    expect(result.mimeType).toBe('audio/mpeg');
    expect(result.durationMs).toBeGreaterThan(800);
    expect(Math.abs(mp3DurationMs(result.audio) - result.durationMs)).toBeLessThan(150);
    expect(result.audio.length / (result.durationMs / 1000)).toBeLessThanOrEqual(32_000);
    expect(result.words.map((w) => w.text)).toEqual(['Click', 'Save', '<continue>.']);
    for (const [i, word] of result.words.entries()) {
      expect(word.endMs).toBeLessThanOrEqual(result.durationMs);
      if (i > 0) expect(word.startMs).toBeGreaterThanOrEqual(result.words[i - 1]!.endMs);
    }
  });

  it('speaks faster at a higher rate, and lists its voices', async () => {
    const [normal, fast] = await Promise.all([1, 1.5].map((rate) => fliteTts.synthesize({ text: 'Open the settings page.', voiceId: 'flite:rms', rate, language: 'en-US' })));
    expect(fast!.durationMs).toBeLessThan(normal!.durationMs * 0.8);
    const voices = await fliteTts.voices();
    expect(voices.map((v) => v.id)).toContain(fliteTts.defaultVoiceId);
  });
});
