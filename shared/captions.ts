/**
 * Captions of a narration, the same everywhere they are shown (the player, the embed, the MP4's
 * burned-in captions and subtitle track, the .vtt and .srt files): the author's own words,
 * punctuation, symbols and emoji included, cut into cues of at most two balanced lines of about
 * forty-two characters (the broadcast norm), each cue timed from the voiceover's word timings.
 */
export const CAPTION_LINE_CHARACTERS = 42;
export const CAPTION_MAX_LINES = 2;

export interface TimedWord {
  startMs: number;
  endMs: number;
  text: string;
}

export interface CaptionCue {
  /** from the narration's start */
  startMs: number;
  endMs: number;
  /** one or two lines */
  lines: string[];
  /** the lines joined by a space */
  text: string;
  /** the cue's words: `words.slice(first, end)` of `captionWords` */
  first: number;
  end: number;
}

/** A word the voice speaks (letters or digits); a lone "&", "—" or emoji is not one, but is shown. */
const isSpoken = (token: string) => /[\p{L}\p{N}]/u.test(token);
const endsSentence = (token: string) => /[.!?…]["'”’)\]]*$/.test(token);
/** Characters as a reader counts them (an emoji is one, not two UTF-16 units). */
const width = (text: string) => [...text].length;

/**
 * The narration's own tokens (split at white space), each timed: a spoken token takes the next
 * word timing in order, a token the voice does not speak ("&", "—", an emoji) the time around it.
 * Without timings (or when they run out) the time is shared by length over `durationMs`.
 */
export function captionWords(narration: string, timings: readonly TimedWord[] | null | undefined, durationMs: number): TimedWord[] {
  const tokens = narration.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return [];
  const timed = (timings ?? []).filter((w) => w.endMs > w.startMs && isSpoken(w.text));
  const out: Array<{ startMs: number | null; endMs: number | null; text: string }> = [];
  let next = 0;
  for (const text of tokens) {
    const timing = isSpoken(text) ? timed[next++] : undefined;
    out.push({ text, startMs: timing?.startMs ?? null, endMs: timing?.endMs ?? null });
  }
  // Untimed tokens: spread the gap between their timed neighbours by length.
  for (let i = 0; i < out.length; ) {
    if (out[i]!.startMs !== null) {
      i++;
      continue;
    }
    let j = i;
    while (j < out.length && out[j]!.startMs === null) j++;
    const from = i === 0 ? 0 : out[i - 1]!.endMs!;
    const to = j === out.length ? Math.max(from, durationMs) : out[j]!.startMs!;
    const total = out.slice(i, j).reduce((sum, t) => sum + width(t.text) + 1, 0);
    let at = from;
    for (let k = i; k < j; k++) {
      const share = ((width(out[k]!.text) + 1) / total) * (to - from);
      out[k]!.startMs = at;
      at += share;
      out[k]!.endMs = at;
    }
    i = j;
  }
  return out.map((t) => ({ text: t.text, startMs: Math.round(t.startMs!), endMs: Math.round(t.endMs!) }));
}

/** The words on one line when they fit, else split into two lines as even as possible. */
export function balanceLines(words: readonly string[]): string[] {
  const whole = words.join(' ');
  if (words.length <= 1 || width(whole) <= CAPTION_LINE_CHARACTERS) return [whole];
  let best = { cost: Infinity, at: 1 };
  for (let at = 1; at < words.length; at++) {
    const top = width(words.slice(0, at).join(' '));
    const bottom = width(words.slice(at).join(' '));
    // the longer line as short as possible; on a tie, the top line the longer (a pyramid reads easier)
    const cost = Math.max(top, bottom) * 2 + (bottom > top ? 1 : 0);
    if (cost < best.cost) best = { cost, at };
  }
  return [words.slice(0, best.at).join(' '), words.slice(best.at).join(' ')];
}

/**
 * The cues: lines filled to `CAPTION_LINE_CHARACTERS`, two lines a cue, a sentence's end ending its
 * cue; each cue shown from its first word until the next cue's first word (the last to `durationMs`).
 */
export function captionCues(narration: string | null | undefined, timings: readonly TimedWord[] | null | undefined, durationMs: number): CaptionCue[] {
  const words = captionWords(narration ?? '', timings, durationMs);
  const groups: Array<{ first: number; end: number }> = [];
  let first = 0;
  let lines = 1;
  let line = 0;
  for (let i = 0; i < words.length; i++) {
    const w = width(words[i]!.text);
    if (i > first && line + 1 + w > CAPTION_LINE_CHARACTERS) {
      if (lines === CAPTION_MAX_LINES) {
        groups.push({ first, end: i });
        first = i;
        lines = 1;
      } else lines++;
      line = w;
    } else line = i > first ? line + 1 + w : w;
    if (endsSentence(words[i]!.text) && i < words.length - 1) {
      groups.push({ first, end: i + 1 });
      first = i + 1;
      lines = 1;
      line = 0;
    }
  }
  if (first < words.length) groups.push({ first, end: words.length });
  const end = Math.max(durationMs, words.at(-1)?.endMs ?? 0);
  return groups.map((g, k) => {
    const texts = words.slice(g.first, g.end).map((w) => w.text);
    const cueLines = balanceLines(texts);
    return {
      startMs: k === 0 ? 0 : words[g.first]!.startMs,
      endMs: k === groups.length - 1 ? end : words[groups[k + 1]!.first]!.startMs,
      lines: cueLines,
      text: cueLines.join(' '),
      first: g.first,
      end: g.end,
    };
  });
}

/** The cue shown at `ms` (the last one past the end); -1 when there are none. */
export function cueAt(cues: readonly CaptionCue[], ms: number): number {
  if (cues.length === 0) return -1;
  const found = cues.findIndex((cue) => ms < cue.endMs);
  return found < 0 ? cues.length - 1 : found;
}

export interface CaptionFileCue {
  startMs: number;
  endMs: number;
  lines: readonly string[];
}

function clock(ms: number, separator: '.' | ','): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(Math.floor(total / 3_600_000))}:${pad(Math.floor((total % 3_600_000) / 60_000))}:${pad(Math.floor((total % 60_000) / 1000))}${separator}${pad(total % 1000, 3)}`;
}

/**
 * Cue text escaped as WebVTT asks (W3C WebVTT §4.2.2, cue text): "&" and "<" always, ">" too so
 * "-->" cannot end a line early; the author's tags stay text, never markup.
 */
export function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The captions as WebVTT (the .vtt beside the video, the subtitle track's source). */
export function toWebVtt(cues: readonly CaptionFileCue[]): string {
  const blocks = cues.map((cue, i) => `${i + 1}\n${clock(cue.startMs, '.')} --> ${clock(cue.endMs, '.')}\n${cue.lines.map(escapeVtt).join('\n')}`);
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** The captions as SubRip (.srt): plain text, which players show as written. */
export function toSrt(cues: readonly CaptionFileCue[]): string {
  // SubRip has no escaping; a blank line would end the cue, so lines never are empty.
  const blocks = cues.map((cue, i) => `${i + 1}\n${clock(cue.startMs, ',')} --> ${clock(cue.endMs, ',')}\n${cue.lines.filter((l) => l.trim()).join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
}
