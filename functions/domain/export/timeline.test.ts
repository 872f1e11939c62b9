import { describe, expect, it } from 'vitest';
import { slideDurationMs } from '#shared/slide-timing';
import { toWebVtt } from '#shared/captions';
import { CARD_VOICE_TAIL_MS, FPS, INTRO_MS, OUTRO_MS, ZOOM_DELAY_MS, ZOOM_MS, buildTimeline, scaleAt, slideCues, zoomFraming, type TimelineSlide } from './timeline';

function slide(overrides: Partial<TimelineSlide> = {}): TimelineSlide {
  return {
    id: 's1',
    size: { width: 1280, height: 800 },
    click: { x: 640, y: 200 },
    zoomLevel: 2,
    highlight: true,
    text: 'Click **Save**',
    narration: 'Click Save to keep your changes.',
    audioDurationMs: null,
    words: null,
    ...overrides,
  };
}

describe('the export timeline', () => {
  it('voices the cards when asked: a card lasts its own time, or its voiceover and a short tail when that is longer', () => {
    const silent = buildTimeline([slide()]);
    expect([silent.segments[0]!.hasAudio, silent.segments.at(-1)!.hasAudio]).toEqual([false, false]);
    const voiced = buildTimeline([slide()], { introAudioMs: 4_200, outroAudioMs: 1_000 });
    const [intro] = voiced.segments;
    const outro = voiced.segments.at(-1)!;
    expect([intro!.hasAudio, outro.hasAudio]).toEqual([true, true]);
    expect(intro!.frames).toBe(Math.round(((4_200 + CARD_VOICE_TAIL_MS) * FPS) / 1000));
    expect(outro.frames).toBe(Math.round((OUTRO_MS * FPS) / 1000));
    // the slide's captions move with the longer intro
    expect(voiced.segments[1]!.startMs).toBeCloseTo(intro!.durationMs, 5);
  });

  it('lasts the intro, each slide as long as the player plays it, and the outro, in whole frames', () => {
    const slides = [slide(), slide({ id: 's2', audioDurationMs: 5_432 }), slide({ id: 's3', narration: 'x'.repeat(400) })];
    const timeline = buildTimeline(slides);
    expect(timeline.segments.map((s) => s.kind)).toEqual(['intro', 'slide', 'slide', 'slide', 'outro']);
    const expectedMs = INTRO_MS + OUTRO_MS + slides.reduce((sum, s) => sum + slideDurationMs(s), 0);
    expect(Math.abs(timeline.durationMs - expectedMs)).toBeLessThan(((slides.length + 2) * 1000) / FPS / 2);
    expect(timeline.segments[2]!.frames).toBe(Math.round((5_432 * FPS) / 1000));
    // a slide without audio lasts its reading time, within the player's bounds
    expect(timeline.segments[1]!.durationMs).toBe(4_000);
    expect(timeline.segments[3]!.durationMs).toBe(12_000);
    for (let i = 1; i < timeline.segments.length; i++) {
      const [before, after] = [timeline.segments[i - 1]!, timeline.segments[i]!];
      expect(after.startFrame).toBe(before.startFrame + before.frames);
    }
    expect(timeline.frames).toBe(timeline.segments.reduce((sum, s) => sum + s.frames, 0));
  });

  it('zooms from the whole screen towards the click by the slide zoom level, eased, after the player delay', () => {
    const [, segment] = buildTimeline([slide()]).segments;
    expect(segment!.zoom).toEqual({ origin: { x: 0.5, y: 0.25 }, scale: 2, startMs: ZOOM_DELAY_MS, endMs: ZOOM_DELAY_MS + ZOOM_MS });
    expect(segment!.ring).toEqual({ x: 0.5, y: 0.25 });
    const zoom = segment!.zoom!;
    expect(scaleAt(zoom, 0)).toBe(1);
    expect(scaleAt(zoom, ZOOM_DELAY_MS)).toBe(1);
    expect(scaleAt(zoom, ZOOM_DELAY_MS + ZOOM_MS / 2)).toBeCloseTo(1.5, 5);
    expect(scaleAt(zoom, ZOOM_DELAY_MS + ZOOM_MS)).toBe(2);
    expect(scaleAt(zoom, 10_000)).toBe(2);
    const samples = Array.from({ length: 40 }, (_, i) => scaleAt(zoom, (i * (ZOOM_DELAY_MS + ZOOM_MS)) / 39));
    expect(samples.every((value, i) => i === 0 || value >= samples[i - 1]!)).toBe(true);
  });

  it('does not zoom or ring a slide without a click point, and rings nothing when the highlight is off', () => {
    const [, noClick, noRing] = buildTimeline([slide({ click: null }), slide({ highlight: false })]).segments;
    expect(noClick!.zoom).toBeNull();
    expect(noClick!.ring).toBeNull();
    expect(noRing!.zoom).not.toBeNull();
    expect(noRing!.ring).toBeNull();
  });

  it('splits narration into sentences and cues of two lines at most, timed by length across the audio', () => {
    const narration = 'Open the settings. Then choose the team you want to invite a new member to, and press the Invite button at the top right corner of the page.';
    const cues = slideCues(slide({ narration, audioDurationMs: 9_000 }), 9_000);
    expect(cues[0]!.startMs).toBe(0);
    expect(cues.at(-1)!.endMs).toBe(9_000);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBe(cues[i - 1]!.endMs);
    expect(cues.map((c) => c.text).join(' ')).toBe(narration);
    expect(cues[0]!.text).toBe('Open the settings.');
    expect(cues.every((c) => c.lines.length <= 2 && c.lines.every((line) => line.length <= 42))).toBe(true);
    // the first (short) sentence gets a share of the time in proportion to its length
    expect(cues[0]!.endMs).toBeLessThan(2_000);
  });

  it('times captions by the voiceover word timings when the slide has them', () => {
    const words = [
      { startMs: 100, endMs: 400, text: 'Open' },
      { startMs: 420, endMs: 700, text: 'settings.' },
      { startMs: 1_500, endMs: 1_800, text: 'Then' },
      { startMs: 1_850, endMs: 2_400, text: 'invite.' },
    ];
    const cues = slideCues(slide({ narration: 'Open settings. Then invite.', words, audioDurationMs: 3_000 }), 3_000);
    expect(cues).toEqual([
      { startMs: 0, endMs: 1_500, text: 'Open settings.', lines: ['Open settings.'] },
      { startMs: 1_500, endMs: 3_000, text: 'Then invite.', lines: ['Then invite.'] },
    ]);
  });

  it('places every slide cue on the video clock and writes them as WebVTT', () => {
    const timeline = buildTimeline([slide({ narration: 'First.' }), slide({ narration: 'Second.' })]);
    expect(timeline.cues.map((c) => c.text)).toEqual(['First.', 'Second.']);
    expect(timeline.cues[0]!.startMs).toBe(timeline.segments[1]!.startMs);
    expect(timeline.cues[1]!.startMs).toBe(timeline.segments[2]!.startMs);
    const vtt = toWebVtt(timeline.cues);
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:03.000 --> 00:00:07.000\nFirst.')).toBe(true);
  });

  it('zooms towards a click near the edge with the window slid back inside the screenshot, and never past 1.5× the capture', () => {
    const frame = { width: 1280, height: 720 };
    const rect = { x: 110, y: 29, width: 1059, height: 662 };
    const capture = { width: 1280, height: 800 };
    const click = { x: rect.x + (1230 / 1280) * rect.width, y: rect.y + (690 / 800) * rect.height };
    const framing = zoomFraming(rect, frame, click, 2, capture);
    expect(framing.scale).toBeCloseTo(Math.min((1.5 * 1280) / 1059, (1.5 * 800) / 662), 6);
    // the zoomed window, in frame pixels, lies inside the screenshot
    const from = { x: framing.fixed.x - framing.fixed.x / framing.scale, y: framing.fixed.y - framing.fixed.y / framing.scale };
    expect(from.x).toBeGreaterThanOrEqual(rect.x - 1e-6);
    expect(from.x + frame.width / framing.scale).toBeLessThanOrEqual(rect.x + rect.width + 1e-6);
    expect(from.y + frame.height / framing.scale).toBeLessThanOrEqual(rect.y + rect.height + 1e-6);
    // and the ring is where the click lands on screen
    expect(framing.ring.x).toBeCloseTo((click.x - from.x) * framing.scale, 6);
    expect(framing.ring.y).toBeCloseTo((click.y - from.y) * framing.scale, 6);
    // a click in the middle zooms around itself, as the player does
    const middle = zoomFraming(rect, frame, { x: 640, y: 360 }, 1.5, capture);
    expect(middle.fixed).toEqual({ x: 640, y: 360 });
    expect(middle.ring).toEqual({ x: 640, y: 360 });
    // a capture already enlarged 1.5× is not zoomed at all
    expect(zoomFraming(rect, frame, click, 2, { width: 706, height: 441 }).scale).toBe(1);
  });
});
