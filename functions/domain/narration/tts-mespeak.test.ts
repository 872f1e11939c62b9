import { describe, expect, it } from 'vitest';
import { mespeakTts } from './tts-mespeak';

describe('meSpeak voice (offline, every translation language)', () => {
  it('speaks Spanish as MP3 with estimated word timings', async () => {
    const result = await mespeakTts.synthesize({ text: 'Haz clic en Guardar para terminar.', voiceId: 'mespeak:es', rate: 1, language: 'es-ES' });
    expect(result.mimeType).toBe('audio/mpeg');
    expect(result.audio[0] === 0xff || String.fromCharCode(...result.audio.subarray(0, 3)) === 'ID3').toBe(true);
    expect(result.durationMs).toBeGreaterThan(800);
    expect(result.words.map((w) => w.text)).toEqual(['Haz', 'clic', 'en', 'Guardar', 'para', 'terminar.']);
  });

  it('switches voices between requests: French then German, each its own sound', async () => {
    const fr = await mespeakTts.synthesize({ text: 'Cliquez sur le bouton.', voiceId: 'mespeak:fr', rate: 1, language: 'fr-FR' });
    const de = await mespeakTts.synthesize({ text: 'Cliquez sur le bouton.', voiceId: 'mespeak:de', rate: 1, language: 'de-DE' });
    expect(Buffer.from(fr.audio).equals(Buffer.from(de.audio))).toBe(false);
  });
});
