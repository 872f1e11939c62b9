import type { ImageContentType } from './asset';

/** What uploaded images really are, from their first bytes (screenshots, logos). */
const SIGNATURES: Array<{ type: ImageContentType; matches: (b: Uint8Array) => boolean }> = [
  { type: 'image/png', matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    matches: (b) => Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  },
];

/** The image type the bytes really are (PNG, JPEG, WebP; never SVG or anything else). */
export function sniffImage(bytes: Uint8Array): ImageContentType | undefined {
  return SIGNATURES.find((s) => s.matches(bytes))?.type;
}
