import { describe, expect, it } from 'vitest';
import { CAPTION_LINE_CHARACTERS, captionCues, captionWords, cueAt, toSrt, toWebVtt } from './captions';

/** Word timings as an engine gives them: spoken words only ("&", "—" and emoji are not spoken). */
function spokenTimings(narration: string, msPerWord = 300) {
  return narration
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .map((text, i) => ({ text, startMs: i * msPerWord, endMs: i * msPerWord + msPerWord - 20 }));
}

describe('captions', () => {
  it('keep the author’s own text: "&", dashes and emoji the voice does not speak are still shown', () => {
    const narration = 'Click Save & Send — then wait 🎉 for the “Sent” badge.';
    const words = captionWords(narration, spokenTimings(narration), 4_000);
    expect(words.map((w) => w.text).join(' ')).toBe(narration);
    const cues = captionCues(narration, spokenTimings(narration), 4_000);
    expect(cues.map((c) => c.text).join(' ')).toBe(narration);
    // the unspoken "&" sits between "Save" and "Send" in time
    const amp = words.find((w) => w.text === '&')!;
    expect(amp.startMs).toBeGreaterThanOrEqual(words[1]!.endMs);
    expect(amp.endMs).toBeLessThanOrEqual(words[3]!.startMs);
  });

  it('cut a 3,000-character narration into cues of at most two balanced lines of about 42 characters', () => {
    const sentence = 'Open the billing settings and choose the plan your team needs before the trial ends, then confirm it. ';
    const narration = sentence.repeat(30).trim();
    expect(narration.length).toBeGreaterThan(3_000);
    const cues = captionCues(narration, spokenTimings(narration, 250), 60_000);
    expect(cues.map((c) => c.text).join(' ')).toBe(narration);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(CAPTION_LINE_CHARACTERS);
      if (cue.lines.length === 2) expect(Math.abs(cue.lines[0]!.length - cue.lines[1]!.length)).toBeLessThan(14);
    }
    // timed from the words: each cue starts when its first word is spoken, and they follow on
    expect(cues[0]!.startMs).toBe(0);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBe(cues[i - 1]!.endMs);
    expect(cues.at(-1)!.endMs).toBeGreaterThanOrEqual(60_000);
    expect(cueAt(cues, cues[3]!.startMs)).toBe(3);
    expect(cueAt(cues, 10_000_000)).toBe(cues.length - 1);
  });

  it('end a cue at the end of a sentence', () => {
    const cues = captionCues('Open settings. Then invite.', null, 3_000);
    expect(cues.map((c) => c.text)).toEqual(['Open settings.', 'Then invite.']);
  });

  it('share the time by length when there are no word timings', () => {
    const cues = captionCues('Open the menu. Save the file.', null, 4_000);
    expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 2_000],
      [2_000, 4_000],
    ]);
  });

  it('are written as WebVTT escaped per its specification, and as SubRip as written', () => {
    const cues = [
      { startMs: 0, endMs: 1_500, lines: ['Save & Send <b>now</b>', 'a --> b <script>x</script>'] },
      { startMs: 3_725_004, endMs: 3_726_000, lines: ['Done 🎉'] },
    ];
    const vtt = toWebVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nSave &amp; Send &lt;b&gt;now&lt;/b&gt;\na --&gt; b &lt;script&gt;x&lt;/script&gt;\n\n2\n01:02:05.004 --> 01:02:06.000\nDone 🎉\n',
    );
    expect(toSrt(cues)).toBe('1\n00:00:00,000 --> 00:00:01,500\nSave & Send <b>now</b>\na --> b <script>x</script>\n\n2\n01:02:05,004 --> 01:02:06,000\nDone 🎉\n');
  });
});
