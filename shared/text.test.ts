import { describe, expect, it } from 'vitest';
import { FolderName, GuideTitle, CreateSlideBody } from './guides';
import { PersonName } from './auth';
import { OrgName, TeamName } from './organization';

describe('text at the API boundary', () => {
  const names = [
    ['a guide title', GuideTitle],
    ['a folder name', FolderName],
    ['an organisation name', OrgName],
    ['a team name', TeamName],
    ['a person name', PersonName],
  ] as const;

  it.each(names)('refuses NUL in %s', (_what, schema) => {
    expect(schema.safeParse('Invoice\u0000 a customer').success).toBe(false);
  });

  it.each(names)('refuses a lone surrogate in %s', (_what, schema) => {
    expect(schema.safeParse('Invoice \ud800 a customer').success).toBe(false);
    expect(schema.safeParse('Invoice \udc00').success).toBe(false);
  });

  it.each(names)('refuses a line break or other control character in %s', (_what, schema) => {
    for (const bad of ['Evil\r\nBcc: x@example.test', 'tab\there', 'bell\u0007', 'c1\u0085']) expect(schema.safeParse(bad).success).toBe(false);
  });

  it.each(names)('keeps markup, RTL override, zero-width joiners and emoji in %s as text, NFC-normalised', (_what, schema) => {
    for (const good of ['"><script>alert(1)</script>', '</title>', 'abc\u202Edef', 'a\u200Db', '👩‍💻 Ship it 🚀']) expect(schema.parse(good)).toBe(good);
    expect(schema.parse('Cafe\u0301')).toBe('Caf\u00e9');
  });

  it("keeps line breaks and tabs in a step's text, but not NUL", () => {
    expect(CreateSlideBody.parse({ text: 'Line one\nLine two\twith a tab' }).text).toBe('Line one\nLine two\twith a tab');
    expect(CreateSlideBody.safeParse({ text: 'Line\u0000' }).success).toBe(false);
    expect(CreateSlideBody.safeParse({ narration: 'x\ud83d' }).success).toBe(false);
  });
});
