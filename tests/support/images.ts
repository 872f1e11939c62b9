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
