/**
 * The length of an MP3 stream, from its frame headers: every frame holds a fixed number of samples
 * at the stream's rate. Polly answers MP3 without a length, and concatenated chunks need offsets.
 */
const BITRATES: Record<string, number[]> = {
  // kbps by index, for MPEG-1 layer III and MPEG-2/2.5 layer III
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

function skipId3(bytes: Uint8Array): number {
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    return 10 + size;
  }
  return 0;
}

export function mp3DurationMs(bytes: Uint8Array): number {
  let at = skipId3(bytes);
  let samples = 0;
  let rate = 0;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) {
      at++;
      continue;
    }
    const version = (bytes[at + 1]! >> 3) & 0x03;
    const layer = (bytes[at + 1]! >> 1) & 0x03;
    const bitrateIndex = (bytes[at + 2]! >> 4) & 0x0f;
    const rateIndex = (bytes[at + 2]! >> 2) & 0x03;
    const padding = (bytes[at + 2]! >> 1) & 0x01;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
    const kbps = (version === 3 ? BITRATES['v1'] : BITRATES['v2'])![bitrateIndex]!;
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * kbps * 1000) / sampleRate) + padding;
    if (length < 4) {
      at++;
      continue;
    }
    samples += perFrame;
    rate = sampleRate;
    at += length;
  }
  return rate ? Math.round((samples / rate) * 1000) : 0;
}
