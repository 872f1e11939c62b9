import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Compresses an engine's WAV into MP3 for browsers: mono at 32 kbit/s (4 KB per second of
 * speech, far under the 32 KB/s ceiling) with the static ffmpeg of `@ffmpeg-installer/ffmpeg`,
 * so nothing but `npm install` is needed. Loaded by path at run time, never bundled: the Lambda
 * voice is Polly, which answers MP3 itself.
 */
export const MP3_BITRATE_KBPS = 32;

let ffmpegPath: string | undefined;
function ffmpeg(): string {
  if (!ffmpegPath) {
    const require = createRequire(import.meta.url);
    ffmpegPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return ffmpegPath;
}

export function wavToMp3(wav: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg(), ['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', `${MP3_BITRATE_KBPS}k`, '-f', 'mp3', 'pipe:1'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(new Error(`ffmpeg exited with ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 500)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(wav);
  });
}
