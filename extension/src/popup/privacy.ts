/**
 * What a capture records and what it does not, as the popup says it (issue 27: the popup's words
 * must be exact). It follows the account's setting for personal data found in screenshots.
 */
export interface PrivacyNote {
  recorded: string;
  notRecorded: string;
  covered: string;
  personal: string;
  gaps: string;
}

export function privacyNote(blurPersonalData: boolean): PrivacyNote {
  return {
    recorded: 'Each step records a screenshot of this tab, what you clicked, chose or typed in (its role and label), and the page’s title and address without its query.',
    notRecorded:
      'What you type is never recorded or sent. While you capture, each value is kept only as a salted fingerprint, in this browser’s memory until the capture ends, to find it in later screenshots.',
    covered: 'Password, e-mail, phone, card and one-time-code fields, anything marked data-redact and your selectors below are covered with solid colour before upload.',
    personal: blurPersonalData
      ? 'Values you typed, wherever a later screenshot shows them, and e-mail addresses, card and account numbers and tokens on the page are blurred before upload.'
      : 'Values you typed and e-mail addresses, card and account numbers and tokens on the page are uploaded as they are and listed in the editor for you to blur. Turn on blurring in Account settings.',
    gaps: 'Not seen: frames from other sites, canvas drawings and closed shadow roots. Review those screenshots.',
  };
}

/** The one line the popup shows while recording. */
export function recordingNote(blurPersonalData: boolean): string {
  return `Every click, choice and field you type in becomes a step. What you type is never recorded; where a later screenshot shows it, it is ${blurPersonalData ? 'blurred before upload' : 'listed in the editor for you to blur'}.`;
}
