import type { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { describe, expect, it } from 'vitest';
import { amazonTranslate } from './amazon-translate';
import { fromTranslateHtml, maskSensitive, toTranslateHtml } from './protect';

/** Translate's client answering as Translate does: the HTML back, its words "translated", do-not-translate spans untouched. */
function fakeTranslate() {
  const sent: Array<Record<string, unknown>> = [];
  const client = {
    send: async (command: TranslateTextCommand) => {
      sent.push(command.input as unknown as Record<string, unknown>);
      const text = String(command.input.Text);
      // Words outside tags become upper case, as a stand-in for another language; tagged content is kept.
      const upper = (plain: string) => plain.replace(/&\w+;|[^&]+/g, (piece) => (piece.startsWith('&') ? piece : piece.toUpperCase()));
      const translated = text.replace(/(<(b|span) translate="no">[\s\S]*?<\/\2>)|([^<]+)/g, (whole, tagged: string | undefined) => (tagged ? tagged : upper(whole)));
      return { TranslatedText: translated, SourceLanguageCode: command.input.SourceLanguageCode, TargetLanguageCode: command.input.TargetLanguageCode };
    },
  } as unknown as Pick<TranslateClient, 'send'>;
  return { client, sent };
}

describe('Amazon Translate provider (Translate mocked: AWS only)', () => {
  it('sends one TranslateText per text with the primary language codes, answers in order', async () => {
    const { client, sent } = fakeTranslate();
    const out = await amazonTranslate(client).translate({ texts: ['Click next.', '', 'Open the menu.'], source: 'en-US', target: 'es' });
    expect(out.map((o) => o.text)).toEqual(['CLICK NEXT.', '', 'OPEN THE MENU.']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ SourceLanguageCode: 'en', TargetLanguageCode: 'es' });
  });

  it('keeps **bold** names intact by sending them in do-not-translate tags', async () => {
    const { client, sent } = fakeTranslate();
    const [out] = await amazonTranslate(client).translate({ texts: ['Click **Save changes** then **Done** & go'], source: 'en-US', target: 'de' });
    expect(sent[0]!['Text']).toBe('Click <b translate="no">Save changes</b> then <b translate="no">Done</b> &amp; go');
    expect(out!.text).toBe('CLICK **Save changes** THEN **Done** & GO');
  });

  it('never sends a redacted or sensitive value, and puts it back in the answer', async () => {
    const { client, sent } = fakeTranslate();
    const text = 'Type ana@example.com and 4111 1111 1111 1111 in **Card** then ••••••.';
    const [out] = await amazonTranslate(client).translate({ texts: [text], source: 'en-US', target: 'fr' });
    const body = String(sent[0]!['Text']);
    expect(body).not.toContain('ana@example.com');
    expect(body).not.toContain('4111');
    expect(body).not.toContain('••••');
    expect(out!.text).toBe('TYPE ana@example.com AND 4111 1111 1111 1111 IN **Card** THEN ••••••.');
  });
});

describe('protecting text for translation', () => {
  it('masks addresses, long numbers and masked text, and nothing else', () => {
    const masked = maskSensitive('Call +44 20 7946 0958 or mail x@y.io about order 42 [redacted]');
    expect(masked.values).toEqual(['x@y.io', '+44 20 7946 0958', '[redacted]']);
    expect(masked.text).toContain('order 42');
  });

  it('reads Translate’s answer back even when it reorders tags and adds entities', () => {
    const { html, values } = toTranslateHtml('Type 123456 in **Code**');
    expect(html).toBe('Type <span translate="no">0</span> in <b translate="no">Code</b>');
    expect(fromTranslateHtml('Escriba <span translate="no">0</span> en <b translate="no">Code</b> &quot;ya&quot;', values)).toBe('Escriba 123456 en **Code** "ya"');
  });
});
