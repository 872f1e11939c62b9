/** The format and length of a PCM WAV file, read from its RIFF chunks. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** byte offset and length of the samples */
  dataOffset: number;
  dataLength: number;
  durationMs: number;
}

export function readWav(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');
  let at = 12;
  let format: Pick<WavInfo, 'sampleRate' | 'channels' | 'bitsPerSample'> | undefined;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') {
      format = { channels: view.getUint16(at + 10, true), sampleRate: view.getUint32(at + 12, true), bitsPerSample: view.getUint16(at + 22, true) };
    } else if (id === 'data' && format) {
      // Streams written to a pipe leave the size unknown (0 or 0xFFFFFFFF): the rest of the file is data.
      const dataLength = size === 0 || size === 0xffffffff || at + 8 + size > bytes.length ? bytes.length - at - 8 : size;
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataOffset: at + 8, dataLength, durationMs: Math.round((dataLength / bytesPerSecond) * 1000) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file without a data chunk');
}

/** A PCM WAV of these sample chunks, one after the other, in the given format. */
export function pcmWav(chunks: Uint8Array[], format: Pick<WavInfo, 'sampleRate' | 'channels' | 'bitsPerSample'>): Uint8Array {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const wav = new Uint8Array(44 + length);
  const view = new DataView(wav.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => (wav[at + i] = c.charCodeAt(0)));
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + length, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  ascii(36, 'data');
  view.setUint32(40, length, true);
  let at = 44;
  for (const chunk of chunks) {
    wav.set(chunk, at);
    at += chunk.length;
  }
  return wav;
}
