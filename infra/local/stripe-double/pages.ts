import { escapeHtml } from '#shared/html';
import type { CheckoutSession, PortalSession, Subscription } from './state';

/** The double's hosted pages: plain, clearly marked as a test double, with the buttons tests click. */
const esc = escapeHtml;

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:440px;width:100%}
.badge{display:inline-block;background:#fff4e5;color:#9a5b00;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:600;margin-bottom:16px}
h1{font-size:22px;margin:0 0 8px}p{color:#4f566b;line-height:1.5}.price{font-size:32px;font-weight:700;margin:16px 0 4px}
button{display:block;width:100%;padding:12px;border:0;border-radius:8px;background:#635bff;color:#fff;font-size:16px;font-weight:600;cursor:pointer;margin-top:12px}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #d8dee4}a{color:#635bff}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#697386}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main><span class="badge">Stripe test double</span>${body}</main></body></html>`;
}

export function checkoutPage(session: CheckoutSession, email: string): string {
  if (session.status !== 'open') return page('Checkout complete', `<h1>This checkout is complete</h1><p><a href="${esc(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))}">Return to the app</a></p>`);
  const trial = session.trial_period_days;
  return page(
    'Subscribe to Stepcast Pro',
    `<h1>Subscribe to Stepcast Pro</h1>
<p class="price">24 <small>per month</small></p>
<p>${trial ? `${trial} days free, then 24 per month. No charge today.` : 'Billed monthly.'}</p>
<p>Account: ${esc(email)}</p>
<form method="post" action="/checkout/${esc(session.id)}/complete"><button type="submit">${trial ? 'Start trial' : 'Pay and subscribe'}</button></form>
<form method="get" action="${esc(session.cancel_url)}"><button class="secondary" type="submit">Cancel</button></form>`,
  );
}

const date = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '—');

export function portalPage(portal: PortalSession, subscriptions: Subscription[]): string {
  const items = subscriptions
    .map((s) => {
      const action = (name: string, label: string, secondary = false) =>
        `<form method="post" action="/portal/${esc(portal.id)}/${name}"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
      const live = s.status !== 'canceled';
      return `<section><h2>Stepcast Pro</h2><dl><dt>Status</dt><dd>${esc(s.status)}</dd><dt>Trial ends</dt><dd>${date(s.trial_end)}</dd><dt>Renews</dt><dd>${
        s.cancel_at_period_end ? `Cancels on ${date(s.cancel_at)}` : date(s.items.data[0]?.current_period_end ?? null)
      }</dd></dl>${
        live
          ? [
              s.cancel_at_period_end ? action('resume', 'Resume subscription') : action('cancel_at_period_end', 'Cancel at period end'),
              action('cancel_now', 'Cancel now', true),
              action('payment_fails', 'Simulate a failed payment', true),
              s.status === 'past_due' ? action('pay', 'Pay the open invoice') : '',
            ].join('')
          : ''
      }</section>`;
    })
    .join('');
  return page('Billing', `<h1>Billing</h1>${items || '<p>No subscriptions.</p>'}<p><a href="${esc(portal.return_url)}">Return to Stepcast</a></p>`);
}
