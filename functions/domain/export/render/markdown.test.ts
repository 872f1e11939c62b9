import { describe, expect, it } from 'vitest';
import { escapeMarkdown, stepMarkdown } from './markdown';

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
