import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG screenshot-sized image with some content. */
export async function pngImage(width = 1280, height = 800, color = { r: 80, g: 70, b: 229 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function jpegImage(width = 640, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 120 } } }).jpeg().toBuffer();
}

/** Uploads bytes through a presigned POST the way a browser form would. */
export async function postUpload(upload: { url: string; fields: Record<string, string> }, body: Uint8Array, contentType: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: contentType }));
  const response = await fetch(upload.url, { method: 'POST', body: form });
  return response.status;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header declaring `side`×`side` 8-bit grey pixels, with a few KB
 * of deflated zeros. Decoding it whole would take side² bytes (256 MB at 16,384 a side).
 */
export function pngBomb(side = 16_384): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // A few rows of zeros: enough for a decoder to start, far from the whole image.
  const rows = deflateSync(Buffer.alloc((side + 1) * 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
