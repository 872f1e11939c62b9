const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML (and XML) element content and quoted attribute values: everything the
 * server writes into markup — edge meta tags, mails, prerendered heads, the Stripe double's
 * pages, the sitemap — goes through this one function.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
