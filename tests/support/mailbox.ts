/** Reads what the app sent from the mail catcher (maildev's REST API). */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  time: string;
}

export async function mailsTo(mailApiUrl: string, address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailApiUrl}/api/email`);
  const all = (await response.json()) as CaughtMail[];
  return all
    .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** Waits for a mail to `address` whose subject matches, and answers the newest. */
export async function waitForMail(mailApiUrl: string, address: string, subject: RegExp, timeoutMs = 5_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await mailsTo(mailApiUrl, address)).filter((mail) => subject.test(mail.subject));
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${address} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail's plain-text part that starts with `prefix`. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(prefix));
  if (!match) throw new Error(`No link containing ${prefix} in "${mail.subject}"`);
  return match;
}
