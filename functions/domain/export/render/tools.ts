import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { defineConfig } from '../../../core/config';

/**
 * The renderers' tools: the ffmpeg binary and the fonts. Both ship as npm packages
 * (`@ffmpeg-installer/ffmpeg`'s static 4.1 build, DejaVu), beside the worker's bundle in AWS
 * (infra/cdk/native-modules.ts) and in node_modules locally; FFMPEG_PATH picks another ffmpeg
 * (a newer system one) instead.
 */
const toolsConfig = defineConfig({ FFMPEG_PATH: z.string().min(1).optional() });

const requireHere = createRequire(import.meta.url);

let ffmpeg: string | undefined;

/** The ffmpeg to run; copied to a temporary folder and made executable where the package lost its mode bit. */
export function ffmpegPath(): string {
  if (ffmpeg) return ffmpeg;
  const configured = toolsConfig().FFMPEG_PATH;
  const found = configured ?? (requireHere('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  try {
    accessSync(found, constants.X_OK);
    ffmpeg = found;
  } catch {
    const copy = path.join(os.tmpdir(), 'stepcast-ffmpeg');
    if (!existsSync(copy)) copyFileSync(found, copy);
    chmodSync(copy, 0o755);
    ffmpeg = copy;
  }
  return ffmpeg;
}

const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  // a brand's serif and monospace fonts (issue 32): the PDF sets its text in them
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
  monoBold: 'DejaVuSansMono-Bold.ttf',
} as const;

/** DejaVu Sans: wide Unicode coverage (Latin, Greek, Cyrillic, Arabic, Hebrew), free to embed. */
export function fontPath(weight: keyof typeof FONT_FILES = 'regular'): string {
  const dir = path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json'));
  return path.join(dir, 'ttf', FONT_FILES[weight]);
}

/**
 * Noto Emoji (monochrome, Google's OFL font from npm): the PDF draws the emoji DejaVu lacks with it.
 * A colour emoji font (COLR or bitmaps) cannot be embedded by pdf-lib, which draws outlines only.
 */
export function emojiFontPath(): string {
  const dir = path.dirname(requireHere.resolve('@expo-google-fonts/noto-emoji/package.json'));
  return path.join(dir, '400Regular', 'NotoEmoji_400Regular.ttf');
}

/** A fontconfig file that finds only the shipped DejaVu fonts, caching in a temporary folder. */
export function bundledFontsConfig(): string {
  const dir = path.dirname(fontPath());
  const cache = path.join(os.tmpdir(), 'stepcast-fontconfig-cache');
  return `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${dir}</dir><cachedir>${cache}</cachedir></fontconfig>\n`;
}

const SYSTEM_FONTCONFIG = '/etc/fonts/fonts.conf';

/**
 * Text that sharp draws from SVG (annotation labels and badges) finds its font through fontconfig,
 * which Lambda's runtime lacks (no /etc/fonts, no fonts): there, point fontconfig at the shipped
 * DejaVu before the first SVG with text is drawn. A machine with its own configuration keeps it.
 */
export function useBundledFontsWhereNoneInstalled(systemConfig = SYSTEM_FONTCONFIG): boolean {
  if (process.env.FONTCONFIG_FILE || existsSync(systemConfig)) return false;
  const file = path.join(os.tmpdir(), 'stepcast-fonts.conf');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bundledFontsConfig());
  // Node passes process.env on to the C environment, where fontconfig reads it when first used.
  process.env.FONTCONFIG_FILE = file;
  return true;
}

/** Something about the guide itself keeps it from rendering; its message is for the author. */
export class RenderError extends Error {
  override readonly name = 'RenderError';
}

/** ffmpeg failed; what it said is for the logs, not for the author. */
export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';
}

export interface FfmpegRun {
  args: string[];
  /** frames written so far (from ffmpeg's `-progress`) */
  onFrames?: (frames: number) => void;
  signal?: AbortSignal;
  /** ffmpeg's log level (default `error`); `info` for filters that report at info, such as loudnorm */
  loglevel?: 'error' | 'info';
}

/** Why a signal aborted, as an error: the reason given to abort(), or the platform's AbortError. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}

/** Runs ffmpeg to the end, answering the tail of what it said on stderr; fails with its last lines. */
export function runFfmpeg({ args, onFrames, signal, loglevel = 'error' }: FfmpegRun): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-loglevel', loglevel, '-progress', 'pipe:1', '-nostats', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const frame = /^frame=(\d+)/.exec(line);
        if (frame && onFrames) onFrames(Number(frame[1]));
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve(stderr);
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Runs tasks with at most `limit` at once; the first failure stops new ones and is thrown. */
export async function inParallel<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < tasks.length) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, lane));
  return results;
}

/** How many renders run at once: one per core (Lambda's vCPUs grow with its memory). */
export function renderLanes(): number {
  return Math.max(1, os.availableParallelism());
}
