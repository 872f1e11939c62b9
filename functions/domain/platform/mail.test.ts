import { SESv2Client } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '#shared/html';
import { actionMail, headerText, sesCommand } from './mail';

const mail = actionMail({
  to: 'ada@example.test',
  subject: 'Verify your email',
  heading: 'Welcome, <Ada> & co',
  intro: 'Confirm "this" address.',
  action: 'Verify email',
  url: 'https://app.example.test/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard',
  outro: 'Ignore it otherwise.',
});

describe('mail', () => {
  it('keeps a subject on one line whatever a user-chosen name holds, and bounds its length', () => {
    expect(headerText('Ada invited you to Evil\r\nBcc: victim@example.test on Stepcast')).toBe('Ada invited you to Evil Bcc: victim@example.test on Stepcast');
    expect(headerText('a\u0000b\u2028c\u0085d')).toBe('a b c d');
    expect(headerText('x'.repeat(500))).toHaveLength(200);
    expect(headerText('Café 👩‍💻 \u202Eabc')).toBe('Café 👩‍💻 \u202Eabc');
  });

  it('SES adapter (SES mocked: it cannot run here) sends a one-line subject', () => {
    const command = sesCommand({ ...mail, subject: 'Join Evil\r\nX-Injected: yes' }, 'Stepcast <no-reply@stepcast.dev>');
    expect(command.input.Content?.Simple?.Subject?.Data).toBe('Join Evil X-Injected: yes');
  });

  it('has a plain-text part with the link and an HTML part with the link escaped', () => {
    expect(mail.text).toContain('Verify email: https://app.example.test/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard');
    expect(mail.html).toContain('href="https://app.example.test/api/auth/verify-email?token=abc&amp;callbackURL=%2Fdashboard"');
    expect(mail.html).toContain('Welcome, &lt;Ada&gt; &amp; co');
    expect(mail.html).not.toContain('<Ada>');
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('SES adapter (SES mocked: it cannot run here) sends both parts in UTF-8 from the configured sender', async () => {
    const sent: unknown[] = [];
    const client = new SESv2Client({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    client.middlewareStack.add(
      () => async (args) => {
        sent.push(args.input);
        return { output: { MessageId: 'm-1', $metadata: {} }, response: {} };
      },
      { step: 'initialize', name: 'captureSes' },
    );
    await client.send(sesCommand(mail, 'Stepcast <no-reply@stepcast.dev>'));
    expect(sent).toEqual([
      {
        FromEmailAddress: 'Stepcast <no-reply@stepcast.dev>',
        Destination: { ToAddresses: ['ada@example.test'] },
        Content: {
          Simple: {
            Subject: { Data: 'Verify your email', Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          },
        },
      },
    ]);
  });
});
