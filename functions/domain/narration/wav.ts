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
