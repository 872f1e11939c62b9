import { describe, expect, it } from 'vitest';
import { escapeMarkdown, guideMarkdown, stepMarkdown } from './markdown';

describe('Markdown of step texts', () => {
  it.each([
    ['Click **Save**', 'Click **Save**'],
    ['Click ** Save **now', 'Click  **Save** now'],
    ['Type <script>alert(1)</script>', 'Type &lt;script&gt;alert(1)&lt;/script&gt;'],
    ['Pick [Team] *and* _more_', 'Pick \\[Team\\] \\*and\\* \\_more\\_'],
    ['# Not a heading', '\\# Not a heading'],
    ['1. Not a list', '1\\. Not a list'],
    ['An unpaired ** marker', 'An unpaired \\*\\* marker'],
  ])('%j reads as %j', (text, markdown) => {
    expect(stepMarkdown(text)).toBe(markdown);
  });

  it('escapes titles and collapses their whitespace', () => {
    expect(escapeMarkdown('  Invite *a*\n[teammate] ')).toBe('Invite \\*a\\* \\[teammate\\]');
  });
});

describe('Markdown of a guide with cards', () => {
  const slide = { id: 's1', index: 0, size: null, click: null, zoomLevel: 1, highlight: false, text: 'Click **Save**', narration: null, audioDurationMs: null, words: null, screenshot: null, audio: null, annotations: [] };
  it('opens with the intro card and ends with the outro and its link, escaped', () => {
    const markdown = guideMarkdown(
      { title: 'Save', slides: [slide], introCard: { title: 'Saving *fast*', subtitle: 'Two clicks' }, outroCard: { title: 'Done', cta: { label: 'Try [it]', url: 'https://a.example/x (y)' } } },
      [null],
    );
    expect(markdown).toContain('**Saving \\*fast\\***\n\nTwo clicks\n');
    expect(markdown.trimEnd().endsWith('## Done\n\n[Try \\[it\\]](https://a.example/x%20%28y%29)')).toBe(true);
  });

  it('is as before without cards', () => {
    expect(guideMarkdown({ title: 'Save', slides: [slide] }, [null])).not.toContain('##  ');
    expect(guideMarkdown({ title: 'Save', slides: [slide], introCard: null, outroCard: null }, [null])).toBe(guideMarkdown({ title: 'Save', slides: [slide] }, [null]));
  });
});
