import { describe, expect, it } from 'vitest';
import { privacyNote, recordingNote } from './privacy';

describe('what the popup says a capture records', () => {
  it('never says typed values are simply "never recorded": it says where they are looked for and what happens there', () => {
    for (const blur of [true, false]) {
      const note = privacyNote(blur);
      expect(note.notRecorded).toMatch(/never recorded or sent/);
      expect(note.notRecorded).toMatch(/salted fingerprint/);
      expect(note.notRecorded).toMatch(/until the capture ends/);
      expect(Object.values(note).join(' ')).not.toMatch(/Typed values are never recorded/);
    }
  });

  it('follows the account’s setting for personal data found in screenshots', () => {
    expect(privacyNote(true).personal).toMatch(/blurred before upload/);
    expect(privacyNote(false).personal).toMatch(/uploaded as they are and listed in the editor/);
    expect(recordingNote(true)).toMatch(/blurred before upload/);
    expect(recordingNote(false)).toMatch(/listed in the editor/);
  });

  it('names what is recorded and the known gaps', () => {
    expect(privacyNote(true).recorded).toMatch(/screenshot of this tab.*address without its query/);
    expect(privacyNote(true).gaps).toMatch(/frames from other sites/);
  });
});
