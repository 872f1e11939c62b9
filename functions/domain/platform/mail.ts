import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Transporter } from 'nodemailer';
import * as z from 'zod';
import { escapeHtml } from '#shared/html';
import { PRODUCT_NAME } from '#shared/product';
import { defineConfig } from '../../core/config';

/**
 * Outgoing mail: SES in AWS, SMTP to the local catcher (maildev) in development and tests.
 * Never silently dropped: a send that fails throws.
 */
const mailConfig = defineConfig({
  /** smtp://host:port of the local catcher; unset in AWS, where SES sends */
  SMTP_URL: z.string().startsWith('smtp').optional(),
  MAIL_FROM: z.string().min(3).default(`${PRODUCT_NAME} <no-reply@stepcast.dev>`),
});

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let smtp: Transporter | undefined;
let ses: SESv2Client | undefined;

/** A subject's longest length: beyond it a name an attacker chose only adds noise. */
export const MAX_SUBJECT_LENGTH = 200;

/**
 * Text safe for a mail header: names in subjects come from users (an organisation's name, an
 * inviter's), so line breaks and other controls, which would start a header of their own
 * (Bcc: ...), become spaces; the transport then encodes what is not ASCII (RFC 2047).
 */
export function headerText(value: string): string {
  // eslint-disable-next-line no-control-regex -- controls are what this removes
  const flat = value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SUBJECT_LENGTH ? `${flat.slice(0, MAX_SUBJECT_LENGTH - 1)}…` : flat;
}

/**
 * The SMTP transport of the local stack. nodemailer is loaded only here, and the Lambda bundles
 * leave it out (infra/cdk/constructs/stepcast-function.ts): in AWS, SES sends.
 */
async function smtpTransport(url: string): Promise<Transporter> {
  if (smtp) return smtp;
  const nodemailer = await import('nodemailer').catch((error: unknown) => {
    throw new Error('SMTP_URL is for the local stack; a deployed function sends with SES and has no SMTP client.', { cause: error });
  });
  smtp = nodemailer.default.createTransport(url);
  return smtp;
}

export async function send(input: Mail): Promise<void> {
  const mail = { ...input, subject: headerText(input.subject), to: headerText(input.to) };
  const { SMTP_URL, MAIL_FROM } = mailConfig();
  if (SMTP_URL) {
    const transport = await smtpTransport(SMTP_URL);
    await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return;
  }
  ses ??= new SESv2Client({ maxAttempts: 3 });
  await ses.send(sesCommand(mail, MAIL_FROM));
}

/** The SES request for a mail: both parts, UTF-8. */
export function sesCommand(mail: Mail, from: string): SendEmailCommand {
  return new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: [headerText(mail.to)] },
    Content: {
      Simple: {
        Subject: { Data: headerText(mail.subject), Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    },
  });
}


/** One call to action per mail, with a plain-text part that says the same and shows the link. */
export function actionMail(input: { to: string; subject: string; heading: string; intro: string; action: string; url: string; outro: string }): Mail {
  const text = [input.heading, '', input.intro, '', `${input.action}: ${input.url}`, '', input.outro, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f5f6fa;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1e2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
<p style="font-size:15px;line-height:1.6;margin:0 0 24px">${escapeHtml(input.intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(input.action)}</a></p>
<p style="font-size:13px;line-height:1.6;color:#5b6074;margin:0 0 8px">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(input.url)}</span></p>
<p style="font-size:13px;line-height:1.6;color:#5b6074;margin:16px 0 0">${escapeHtml(input.outro)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to: input.to, subject: input.subject, text, html };
}
