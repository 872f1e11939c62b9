import type { WordTiming } from './contracts';

/**
 * Word timings for engines that give none: each word gets a share of the speech time in
 * proportion to its syllables, with a pause after a sentence or clause, so captions follow the
 * voice closely enough to read along. Where an engine reports its own pauses (flite's segment
 * trace), `speech` lists the spans of actual speech and words are spread over those instead.
 */
export function syllables(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (!letters) return /\d/.test(word) ? Math.max(1, word.replace(/\D/g, '').length) : 1;
  const groups = letters.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '').match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** Pause weight after a word, in syllables: longer after a sentence end than after a comma. */
function pauseAfter(word: string): number {
  if (/[.!?…]["')\]]*$/.test(word)) return 1.5;
  if (/[,;:]["')\]]*$/.test(word)) return 0.75;
  return 0;
}

function spread(list: string[], startMs: number, endMs: number): WordTiming[] {
  const weights = list.map((w) => syllables(w));
  const pauses = list.map((w, i) => (i === list.length - 1 ? 0 : pauseAfter(w)));
  const total = weights.reduce((a, b) => a + b, 0) + pauses.reduce((a, b) => a + b, 0);
  const unit = total > 0 ? (endMs - startMs) / total : 0;
  const timings: WordTiming[] = [];
  let at = startMs;
  list.forEach((text, i) => {
    const end = at + weights[i]! * unit;
    timings.push({ startMs: Math.round(at), endMs: Math.round(end), text });
    at = end + pauses[i]! * unit;
  });
  return timings;
}

export function estimateWordTimings(text: string, durationMs: number, speech?: Array<{ startMs: number; endMs: number }>): WordTiming[] {
  const list = words(text);
  if (list.length === 0 || durationMs <= 0) return [];
  const spans = (speech ?? []).filter((s) => s.endMs > s.startMs);
  if (spans.length === 0) {
    // Engines leave a little silence at each end; a tenth of a second is typical.
    const edge = Math.min(100, durationMs / 10);
    return spread(list, edge, durationMs - edge);
  }
  // Spread the words over the spoken spans in proportion to their lengths, keeping each word whole.
  const syllableTotal = list.reduce((sum, w) => sum + syllables(w), 0);
  const spanTotal = spans.reduce((sum, s) => sum + (s.endMs - s.startMs), 0);
  const timings: WordTiming[] = [];
  let index = 0;
  let budget = 0;
  spans.forEach((span, spanIndex) => {
    budget += ((span.endMs - span.startMs) / spanTotal) * syllableTotal;
    const group: string[] = [];
    let used = timings.reduce((sum, t) => sum + syllables(t.text), 0);
    while (index < list.length && (spanIndex === spans.length - 1 || used + syllables(list[index]!) / 2 <= budget)) {
      used += syllables(list[index]!);
      group.push(list[index]!);
      index++;
    }
    if (group.length > 0) timings.push(...spread(group, span.startMs, span.endMs));
  });
  return timings;
}
