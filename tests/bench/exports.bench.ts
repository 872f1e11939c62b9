import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { renderMp4, x264Args } from '../../functions/domain/export/render/mp4';
import { renderPdf } from '../../functions/domain/export/render/pdf';
import { inParallel, renderLanes, runFfmpeg } from '../../functions/domain/export/render/tools';
import type { ExportGuide, ExportSlide } from '../../functions/domain/export/source';
import { FPS, buildTimeline } from '../../functions/domain/export/timeline';

/**
 * Exports: a 10-slide narrated guide rendered to a 1080p MP4, against the floor this
 * machine sets in the same run: x264 encoding the same number of frames of one still 1080p
 * image with the same settings and the same parallelism (target: render ≤ 0.25× the video's
 * length; the floor is what no filter graph can beat). Also the video's bytes per minute, the
 * worker's peak memory (this process and its ffmpeg children), and a 50-slide PDF (< 2 s).
 * The machine is shared, so each figure is taken twice. `BENCH_EXPORTS=pdf` (or `mp4`) runs one part only.
 */
const ROUNDS = 2;
const PARTS = (process.env.BENCH_EXPORTS ?? 'mp4,pdf').split(',');
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../infra/local/seed/guides/acme-crm');
const NARRATION = 'Open the contacts list, then choose the person you want to invite and press the button on the right.';

function tone(seconds: number, dir: string): Buffer {
  const file = path.join(dir, `tone-${seconds}.mp3`);
  execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  return readFileSync(file);
}

async function guideOf(count: number, audio: Buffer | null, audioMs: number): Promise<ExportGuide> {
  const files = readdirSync(SCREENSHOTS).filter((f) => f.endsWith('.png')).sort();
  const slides: ExportSlide[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = readFileSync(path.join(SCREENSHOTS, files[i % files.length]!));
    const meta = await sharp(bytes).metadata();
    slides.push({
      id: `s${i}`,
      index: i,
      size: { width: meta.width, height: meta.height },
      click: { x: Math.round(meta.width * (0.2 + (i % 5) * 0.15)), y: Math.round(meta.height * 0.3) },
      zoomLevel: 1.5,
      highlight: true,
      text: `Click **Button ${i + 1}**`,
      narration: NARRATION,
      audioDurationMs: audio ? audioMs : null,
      words: null,
      screenshot: { bytes, contentType: 'image/png' },
      audio: audio ? { bytes: audio, contentType: 'audio/mpeg', durationMs: audioMs } : null,
      // an arrow and a label on every step, as an annotated guide has them
      annotations: [
        { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.6 }, to: { x: 0.2 + (i % 5) * 0.15, y: 0.32 } },
        { id: 'l', kind: 'label', colour: 'indigo', x: 0.05, y: 0.62, text: `Step ${i + 1} goes here` },
      ],
    });
  }
  return { id: 'bench', title: 'Invite a teammate', slides };
}

/** Peak resident memory of this process plus its children (ffmpeg), sampled from /proc. */
function memorySampler() {
  let peak = 0;
  const rssOf = (pid: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const children = () => {
    try {
      return readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() + children().reduce((sum, pid) => sum + rssOf(pid), 0));
  }, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * CPU seconds this process and its finished children (ffmpeg) have used: on a machine shared with
 * other work, the wall clock says how busy it was as much as how heavy the render is.
 */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime are fields 14-17 of the line, in clock ticks (100 per second on Linux)
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

/** The floor: x264 with the render's settings over `frames` frames of one still, split across the same lanes. */
async function floor(frames: number, dir: string): Promise<{ seconds: number; cpu: number }> {
  const still = path.join(dir, 'still.png');
  const first = readdirSync(SCREENSHOTS).filter((f) => f.endsWith('.png')).sort()[0]!;
  await sharp(path.join(SCREENSHOTS, first)).resize(1920, 1080, { fit: 'contain', background: '#1e1b4b' }).png().toFile(still);
  const lanes = renderLanes();
  const share = Math.ceil(frames / lanes);
  const cpu = cpuSeconds();
  const started = performance.now();
  await inParallel(
    Array.from({ length: lanes }, (_, lane) => () =>
      runFfmpeg({
        args: ['-y', '-i', still, '-filter_complex', `[0:v]format=yuv420p,loop=loop=${share - 1}:size=1:start=0,setpts=N/${FPS}/TB[v]`, '-map', '[v]', '-frames:v', String(share), ...x264Args(), '-an', path.join(dir, `floor-${lane}.mp4`)],
      }),
    ),
    lanes,
  );
  return { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu };
}

/** The PDF's floor: the one decode and JPEG encode of each screenshot no PDF of it can skip, as many at once as the render runs. */
async function pdfFloor(guide: ExportGuide): Promise<{ seconds: number; cpu: number }> {
  const cpu = cpuSeconds();
  const started = performance.now();
  await inParallel(
    guide.slides.map((slide) => () => sharp(slide.screenshot!.bytes).jpeg({ quality: 85 }).toBuffer()),
    renderLanes() * 2,
  );
  return { seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu };
}

export async function benchExports(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-bench-exports-'));
  try {
    if (PARTS.includes('mp4')) {
      const audioMs = 4_500;
      const guide = await guideOf(10, tone(audioMs / 1000, dir), audioMs);
      const timeline = buildTimeline(guide.slides);
      const seconds = timeline.durationMs / 1000;
      console.log(`\nexports: a 10-slide narrated guide, ${seconds.toFixed(1)} s of 1080p video (${timeline.frames} frames), ${renderLanes()} lanes`);
      for (let round = 1; round <= ROUNDS; round++) {
        const { seconds: floorSeconds, cpu: floorCpu } = await floor(timeline.frames, dir);
        const workDir = mkdtempSync(path.join(dir, 'mp4-'));
        const sample = memorySampler();
        const cpu = cpuSeconds();
        const started = performance.now();
        const result = await renderMp4(guide, { resolution: '1080p', burnCaptions: true }, { workDir, signal: new AbortController().signal, onProgress: () => undefined });
        const renderSeconds = (performance.now() - started) / 1000;
        const renderCpu = cpuSeconds() - cpu;
        const peak = sample();
        const bytes = statSync(result.file).size;
        console.log(
          `  round ${round}: MP4 render ${renderSeconds.toFixed(2)} s = ${(renderSeconds / seconds).toFixed(3)}× real time (target ≤ 0.25×); ` +
            `floor (x264 on a still, same frames and settings) ${floorSeconds.toFixed(2)} s = ${(floorSeconds / seconds).toFixed(3)}×; render/floor ${(renderSeconds / floorSeconds).toFixed(2)}`,
        );
        console.log(`           CPU time: render ${renderCpu.toFixed(1)} s, floor ${floorCpu.toFixed(1)} s, render/floor ${(renderCpu / floorCpu).toFixed(2)}; load average ${os.loadavg()[0]!.toFixed(1)}`);
        console.log(`           ${(bytes / 1e6).toFixed(2)} MB = ${((bytes / 1e6) * (60 / seconds)).toFixed(2)} MB per minute; peak memory (worker + ffmpeg) ${(peak / 1e6).toFixed(0)} MB`);
        rmSync(workDir, { recursive: true, force: true });
      }
    }
    if (PARTS.includes('pdf')) {
      const big = await guideOf(50, null, 0);
      console.log(`\nexports: a 50-slide guide to an A4 PDF, each step's screenshot whole and zoomed, an arrow and a label on each`);
      for (let round = 1; round <= ROUNDS; round++) {
        const { seconds: floorSeconds, cpu: floorCpu } = await pdfFloor(big);
        const workDir = mkdtempSync(path.join(dir, 'pdf-'));
        const cpu = cpuSeconds();
        const started = performance.now();
        const result = await renderPdf(big, { pageSize: 'a4', pictures: 'both' }, { workDir, signal: new AbortController().signal, onProgress: () => undefined });
        const pdfSeconds = (performance.now() - started) / 1000;
        console.log(
          `  round ${round}: PDF of a 50-slide guide ${pdfSeconds.toFixed(2)} s (target < 2 s; ${(cpuSeconds() - cpu).toFixed(2)} s of CPU, load average ${os.loadavg()[0]!.toFixed(1)}), ${(statSync(result.file).size / 1e6).toFixed(2)} MB`,
        );
        console.log(`           floor (each screenshot decoded and encoded as a JPEG once, same lanes) ${floorSeconds.toFixed(2)} s, ${floorCpu.toFixed(2)} s of CPU; PDF/floor ${(pdfSeconds / floorSeconds).toFixed(2)}`);
        rmSync(workDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
