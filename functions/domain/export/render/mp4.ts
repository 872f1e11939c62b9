import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { VIDEO_RESOLUTIONS, type Mp4ExportOptions } from '#shared/exports';
import { PRODUCT_NAME } from '#shared/product';
import type { ExportGuide } from '../source';
import { introLines, outroTitle } from '../card-words';
import { toSrt, toWebVtt } from '#shared/captions';
import { FADE_MS, FPS, buildTimeline, stepCaption, zoomFraming, type Segment, type ZoomPath } from '../timeline';
import { captionImage, cardFrame, cardLookOf, ringImage, slideFrame } from './images';
import { inParallel, renderLanes, runFfmpeg } from './tools';
import type { RenderContext, RenderResult } from './types';

/**
 * The narrated video. Each segment of the timeline (intro, slides, outro) is encoded on its own,
 * one per core at once, from one still drawn with sharp at the output size: the zoom is ffmpeg's
 * `perspective` filter (sub-pixel, so the slow zoom does not shake) over the few frames it
 * moves, the whole screen before it and the zoomed view after it are the same frame repeated,
 * the ring and captions are overlays, and each segment dips through the brand colour at its ends
 * (ffmpeg 4.1 has no `xfade`): the colour overlaid, fading. The segments are then joined without re-encoding (concat demuxer),
 * with the voiceovers as one AAC track, the captions as a mov_text track, and `+faststart`.
 */
export const X264_PRESET = 'superfast';
export const X264_CRF = 23;
/** The encoder settings every segment (and the bench's floor) uses; the concat demuxer needs them equal. */
export function x264Args(): string[] {
  return ['-c:v', 'libx264', '-preset', X264_PRESET, '-tune', 'stillimage', '-crf', String(X264_CRF), '-pix_fmt', 'yuv420p', '-threads', '1', '-r', String(FPS)];
}

const framesOf = (ms: number) => Math.round((ms * FPS) / 1000);
const num = (value: number) => Number(value.toFixed(4)).toString();

/** The zoom's scale at segment frame `in + offset`, as an ffmpeg expression (the timeline's ease in and out). */
function scaleExpression(zoom: ZoomPath, offset: number): string {
  const span = zoom.endMs - zoom.startMs;
  const u = `clip((in+${offset})*${num(1000 / FPS / span)}-${num(zoom.startMs / span)},0,1)`;
  const eased = `if(lt(${u},0.5),4*${u}*${u}*${u},1-(2-2*${u})*(2-2*${u})*(2-2*${u})/2)`;
  return `(1+${num(zoom.scale - 1)}*${eased})`;
}

/** perspective's source corners for a zoom by `scale` around point p: p stays where it is. */
function perspectiveArgs(p: { x: number; y: number }, frame: { width: number; height: number }, scale: string, perFrame: boolean): string {
  const left = `${num(p.x)}-${num(p.x)}/${scale}`;
  const right = `${num(p.x)}+${num(frame.width - p.x)}/${scale}`;
  const top = `${num(p.y)}-${num(p.y)}/${scale}`;
  const bottom = `${num(p.y)}+${num(frame.height - p.y)}/${scale}`;
  const corners = { x0: left, y0: top, x1: right, y1: top, x2: left, y2: bottom, x3: right, y3: bottom };
  const options = Object.entries(corners).map(([name, value]) => `${name}='${value}'`);
  return `perspective=${options.join(':')}:interpolation=linear${perFrame ? ':eval=frame' : ''}`;
}

const hold = (frames: number) => `loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB`;

interface SegmentPlan {
  args: string[];
  output: string;
  still: string;
}

async function planSegment(
  segment: Segment,
  position: number,
  guide: ExportGuide,
  options: Mp4ExportOptions,
  ctx: RenderContext,
  ring: { file: string; size: number },
): Promise<SegmentPlan> {
  const frame = VIDEO_RESOLUTIONS[options.resolution];
  const { width, height } = frame;
  // The cards and the fades between segments are drawn in the organisation's brand (images.ts).
  const look = cardLookOf(guide.brand, guide.logo?.bytes);
  const base = path.join(ctx.workDir, `segment-${position}`);
  const inputs: string[] = [];
  const graph: string[] = [];
  let still: Buffer;
  let point: { x: number; y: number } | null = null;
  let ringAt: { x: number; y: number } | null = null;
  let zoomPath: ZoomPath | null = null;
  if (segment.kind === 'intro') {
    still = await cardFrame(...introLines(guide), frame, look);
  } else if (segment.kind === 'outro') {
    const cta = guide.outroCard?.cta;
    still = await cardFrame(outroTitle(guide), cta ? `${cta.label}: ${cta.url}` : guide.title, frame, look);
  } else {
    const slide = guide.slides[segment.index]!;
    const drawn = await slideFrame(slide.screenshot?.bytes ?? null, stepCaption(slide), frame, slide.annotations, look);
    still = drawn.raw;
    if (drawn.rect && segment.zoom) {
      const click = { x: drawn.rect.x + segment.zoom.origin.x * drawn.rect.width, y: drawn.rect.y + segment.zoom.origin.y * drawn.rect.height };
      const framing = zoomFraming(drawn.rect, frame, click, segment.zoom.scale, slide.size ?? drawn.rect);
      point = framing.fixed;
      ringAt = framing.ring;
      zoomPath = framing.scale > 1 ? { ...segment.zoom, scale: framing.scale } : null;
    }
  }
  await writeFile(`${base}.rgb`, still);
  inputs.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', String(FPS), '-i', `${base}.rgb`);

  const total = segment.frames;
  // Inputs after the still (0): each use of an overlay image is an input of its own.
  const image = (file: string): string => {
    inputs.push('-i', file);
    return `${inputs.filter((arg) => arg === '-i').length - 1}:v`;
  };
  const captions = options.burnCaptions
    ? await Promise.all(
        segment.cues.map(async (cue, k) => {
          // the cue's own lines, so the picture breaks them where the player and the caption files do
          const caption = await captionImage(cue.lines.join('\n'), width, height);
          const file = `${base}-caption-${k}.png`;
          await writeFile(file, caption.png);
          return {
            file,
            x: Math.round((width - caption.width) / 2),
            y: height - caption.height - Math.round(height * 0.06),
            from: framesOf(cue.startMs - segment.startMs),
            to: Math.min(total, framesOf(cue.endMs - segment.startMs)),
          };
        }),
      )
    : [];

  // The frames that move (the whole screen, then the zoom) are drawn one by one; after them the
  // picture only changes when a caption does, so each such run is one frame (ring and caption
  // overlaid once) repeated.
  const zoom = zoomPath && point ? zoomPath : null;
  const before = zoom ? Math.min(total, Math.max(0, framesOf(zoom.startMs))) : 0;
  const moving = zoom ? Math.min(total - before, Math.max(0, framesOf(zoom.endMs) - before)) : 0;
  const steady = before + moving;
  // Fades touch only their own frames: a run also ends where the fade-out begins (and, with no
  // motion, where the fade-in ends), since fading a repeated frame copies it, frame after frame.
  const fade = Math.min(Math.floor(total / 2), framesOf(FADE_MS));
  const cuts = [...captions.flatMap((c) => [c.from, c.to]), fade, total - fade];
  const boundaries = [...new Set([steady, ...cuts.filter((f) => f > steady && f < total), total])].sort((a, b) => a - b);
  const runs = boundaries.slice(0, -1).map((from, i) => ({ from, frames: boundaries[i + 1]! - from })).filter((run) => run.frames > 0);
  // The moving frames in parts too: the whole screen before the zoom (its first frames apart,
  // to be faded in), then the zoom. Each part draws its captions; the fades come last.
  const moved: Array<{ kind: 'pre' | 'move'; from: number; frames: number }> = [];
  if (before > fade) moved.push({ kind: 'pre', from: 0, frames: fade }, { kind: 'pre', from: fade, frames: before - fade });
  else if (before > 0) moved.push({ kind: 'pre', from: 0, frames: before });
  if (moving > 0) moved.push({ kind: 'move', from: before, frames: moving });
  const branches = moved.length + (runs.length > 0 ? 1 : 0);
  const branchLabels = [...moved.map((_, i) => `m${i}In`), ...(runs.length > 0 ? ['holdIn'] : [])];
  graph.push(`[0:v]format=yuv420p${branches > 1 ? `,split=${branches}${branchLabels.map((l) => `[${l}]`).join('')}` : `[${branchLabels[0]}]`}`);
  const parts: Array<{ label: string; from: number; frames: number }> = [];
  moved.forEach((part, i) => {
    const drawn = part.kind === 'pre' ? hold(part.frames) : `${hold(part.frames)},${perspectiveArgs(point!, frame, scaleExpression(zoom!, before), true)}`;
    let current = `m${i}`;
    graph.push(`[m${i}In]${drawn}[${current}]`);
    for (const caption of captions.filter((c) => c.from < part.from + part.frames && c.to > part.from)) {
      const next = `${current}c`;
      const from = Math.max(0, caption.from - part.from);
      const to = Math.min(part.frames, caption.to - part.from) - 1;
      graph.push(`[${current}][${image(caption.file)}]overlay=x=${caption.x}:y=${caption.y}:enable='between(n,${from},${to})'[${next}]`);
      current = next;
    }
    parts.push({ label: current, from: part.from, frames: part.frames });
  });
  if (runs.length > 0) {
    let held = zoom ? `[holdIn]${perspectiveArgs(point!, frame, num(zoom.scale), false)}` : '[holdIn]null';
    if (segment.ring && ringAt) {
      graph.push(`${held}[zoomed]`);
      held = `[zoomed][${image(ring.file)}]overlay=x=${Math.round(ringAt.x - ring.size / 2)}:y=${Math.round(ringAt.y - ring.size / 2)}`;
    }
    graph.push(`${held}${runs.length > 1 ? `,split=${runs.length}${runs.map((_, i) => `[run${i}In]`).join('')}` : '[run0In]'}`);
    runs.forEach((run, i) => {
      const caption = captions.find((c) => c.from <= run.from && run.from < c.to);
      const drawn = caption ? `[run${i}In][${image(caption.file)}]overlay=x=${caption.x}:y=${caption.y}` : `[run${i}In]null`;
      graph.push(`${drawn},${hold(run.frames)}[run${i}]`);
      parts.push({ label: `run${i}`, from: run.from, frames: run.frames });
    });
  }
  const colour = `0x${look.background.slice(1)}`;
  // A fade is the brand colour laid over the picture, its opacity fading (in YUV, as the frames
  // are: fade's own colour mode converted each of its frames to RGB and back, 4× the CPU).
  let veils = 0;
  const veil = (label: string, frames: number, alphaFade: string): string => {
    const out = `${label}v${veils++}`;
    graph.push(`color=c=${colour}:s=${width}x${height}:r=${FPS},trim=end_frame=${frames},format=yuva420p,${alphaFade}[${out}c]`);
    graph.push(`[${label}][${out}c]overlay=shortest=1:format=yuv420[${out}]`);
    return out;
  };
  const joined = parts.map((part) => {
    let label = part.label;
    if (part.from < fade) label = veil(label, part.frames, `fade=t=out:s=0:n=${fade}:alpha=1`);
    if (part.from + part.frames > total - fade) label = veil(label, part.frames, `fade=t=in:s=${Math.max(0, total - fade - part.from)}:n=${fade}:alpha=1`);
    return `[${label}]`;
  });
  graph.push(`${joined.join('')}${joined.length > 1 ? `concat=n=${joined.length}:v=1:a=0,` : 'null,'}setsar=1,format=yuv420p[v]`);
  const script = `${base}.graph`;
  await writeFile(script, graph.join(';\n'));
  const output = `${base}.mp4`;
  return {
    output,
    still: `${base}.rgb`,
    args: ['-y', ...inputs, '-filter_complex_script', script, '-filter_threads', '1', '-map', '[v]', '-frames:v', String(total), ...x264Args(), '-an', output],
  };
}

/** The loudness of the exported video: streaming platforms' and podcasts' norm, integrated over the whole video. */
export const LOUDNESS_LUFS = -16;
/** its true-peak ceiling (dBTP), headroom for AAC's own overshoot */
export const TRUE_PEAK_DBTP = -1.5;
/** each voiceover fades in and out over this long (seconds) */
const AUDIO_FADE_S = 0.04;

const LOUDNORM_TARGET = `I=${LOUDNESS_LUFS}:TP=${TRUE_PEAK_DBTP}:LRA=11`;

/** loudnorm's second pass, from what its first (measuring) pass said; null for silence. */
function loudnessFilter(said: string): string | null {
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(said)?.[0];
  if (!json) return null;
  const measured = z
    .object({ input_i: z.coerce.number(), input_tp: z.coerce.number(), input_lra: z.coerce.number(), input_thresh: z.coerce.number(), target_offset: z.coerce.number() })
    .safeParse(JSON.parse(json));
  if (!measured.success || !Object.values(measured.data).every(Number.isFinite)) return null;
  const m = measured.data;
  return (
    `loudnorm=${LOUDNORM_TARGET}:measured_I=${m.input_i}:measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}:` +
    `measured_thresh=${m.input_thresh}:offset=${m.target_offset}:linear=true,aresample=44100`
  );
}

export async function renderMp4(guide: ExportGuide, options: Mp4ExportOptions, ctx: RenderContext): Promise<RenderResult> {
  const frame = VIDEO_RESOLUTIONS[options.resolution];
  const timeline = buildTimeline(guide.slides, { introAudioMs: guide.introAudio?.durationMs, outroAudioMs: guide.outroAudio?.durationMs });
  const ringSize = Math.round(frame.width * 0.055);
  const ring = { file: path.join(ctx.workDir, 'ring.png'), size: ringSize };
  await writeFile(ring.file, await ringImage(ringSize));

  // The sound: the voiceovers (or silence) of each segment, one after another.
  const voiceovers: string[] = [];
  const audio: string[] = [];
  for (const [i, segment] of timeline.segments.entries()) {
    const seconds = num(segment.frames / FPS);
    const voiceover = !segment.hasAudio ? null : segment.kind === 'slide' ? guide.slides[segment.index]!.audio : segment.kind === 'intro' ? guide.introAudio : guide.outroAudio;
    if (voiceover) {
      const file = path.join(ctx.workDir, `voiceover-${i}`);
      await writeFile(file, voiceover.bytes);
      voiceovers.push('-i', file);
      // a short fade at each end, so one slide's voice never cuts into the next with a click
      const fadeOut = Math.max(0, Math.min(voiceover.durationMs ?? Infinity, segment.durationMs) / 1000 - AUDIO_FADE_S);
      audio.push(
        `[${voiceovers.length / 2 - 1}:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,afade=t=in:d=${AUDIO_FADE_S},afade=t=out:st=${num(fadeOut)}:d=${AUDIO_FADE_S},apad,atrim=duration=${seconds},asetpts=N/SR/TB[a${i}]`,
      );
    } else {
      audio.push(`anullsrc=r=44100:cl=stereo,atrim=duration=${seconds},aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=N/SR/TB[a${i}]`);
    }
  }
  // mixed and measured in one pass (loudnorm's first), for the second to bring it to LOUDNESS_LUFS
  audio.push(`${timeline.segments.map((_, i) => `[a${i}]`).join('')}concat=n=${timeline.segments.length}:v=0:a=1,asplit=2[audio][tomeasure]`);
  audio.push(`[tomeasure]loudnorm=${LOUDNORM_TARGET}:print_format=json[measured]`);
  const graph = path.join(ctx.workDir, 'audio.graph');
  await writeFile(graph, audio.join(';\n'));
  const mix = path.join(ctx.workDir, 'audio.wav');
  const sound = path.join(ctx.workDir, 'audio.m4a');
  // The voiceovers mixed and measured, then brought to LOUDNESS_LUFS in one linear gain with a
  // true-peak ceiling (loudnorm's two passes: one pass alone pumps on short clips) and encoded:
  // a lane of its own beside the segments, so joining them waits on no audio work.
  const renderAudio = async () => {
    const said = await runFfmpeg({
      signal: ctx.signal,
      loglevel: 'info',
      args: ['-y', ...voiceovers, '-filter_complex_script', graph, '-map', '[audio]', '-c:a', 'pcm_f32le', mix, '-map', '[measured]', '-f', 'null', '-'],
    });
    const loudness = loudnessFilter(said);
    await runFfmpeg({ signal: ctx.signal, args: ['-y', '-i', mix, ...(loudness ? ['-af', loudness] : []), '-c:a', 'aac', '-b:a', '128k', sound] });
    await rm(mix, { force: true });
    return sound;
  };

  // Progress: the segments' frames are most of the work; joining them and the audio the rest.
  const doneFrames = new Array<number>(timeline.segments.length).fill(0);
  const report = () => ctx.onProgress((0.9 * doneFrames.reduce((a, b) => a + b, 0)) / timeline.frames);
  const [, ...outputs] = await inParallel(
    [
      renderAudio,
      ...timeline.segments.map((segment, i) => async () => {
        const plan = await planSegment(segment, i, guide, options, ctx, ring);
        await runFfmpeg({
          args: plan.args,
          signal: ctx.signal,
          onFrames: (frames) => {
            doneFrames[i] = Math.min(segment.frames, frames);
            report();
          },
        });
        doneFrames[i] = segment.frames;
        report();
        // The raw still is 6 MB at 1080p: a long guide would fill the worker's /tmp with them.
        await rm(plan.still, { force: true });
        return plan.output;
      }),
    ],
    renderLanes(),
  );

  const list = path.join(ctx.workDir, 'segments.txt');
  await writeFile(list, outputs.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'));
  const subtitles = timeline.cues.length > 0 ? path.join(ctx.workDir, 'captions.vtt') : undefined;
  const subtitlesSrt = subtitles ? path.join(ctx.workDir, 'captions.srt') : undefined;
  if (subtitles && subtitlesSrt) {
    await writeFile(subtitles, toWebVtt(timeline.cues));
    await writeFile(subtitlesSrt, toSrt(timeline.cues));
  }
  const output = path.join(ctx.workDir, 'video.mp4');
  await runFfmpeg({
    signal: ctx.signal,
    args: [
      '-y',
      ...['-f', 'concat', '-safe', '0', '-i', list],
      '-i',
      sound,
      ...(subtitles ? ['-i', subtitles] : []),
      '-map',
      '0:v',
      '-map',
      '1:a',
      ...(subtitles ? ['-map', '2:s', '-c:s', 'mov_text', '-metadata:s:s:0', 'language=eng', '-metadata:s:s:0', 'handler_name=Captions'] : []),
      '-c:v',
      'copy',
      '-c:a',
      'copy',
      '-metadata',
      `title=${guide.title}`,
      '-metadata',
      `encoder=${PRODUCT_NAME}`,
      '-movflags',
      '+faststart',
      output,
    ],
  });
  ctx.onProgress(1);
  return {
    file: output,
    extension: 'mp4',
    durationMs: timeline.durationMs,
    ...(subtitles && subtitlesSrt ? { subtitles, subtitlesSrt } : {}),
  };
}
