import { formatNaira } from '@coop/core';
import type { SandboxTransaction } from './state';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const button = (action: string, outcome: string, label: string, tone: string) =>
  `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button class="${tone}" type="submit">${label}</button></form>`;

/**
 * The sandbox checkout: plain HTML and three form posts, no script, so it works under the app's CSP
 * (form-action 'self'). Paying here moves no money: it stands in for Paystack's hosted page.
 */
export function renderCheckoutPage(transaction: SandboxTransaction, expired = false): string {
  const action = `/sandbox/paystack/checkout/${encodeURIComponent(transaction.reference)}`;
  // Only a paid checkout is closed: a declined or cancelled one may be paid until the session times out.
  const decided = transaction.status === 'success';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:24rem;width:100%}
h1{font-size:1.1rem;margin:0 0 .25rem}p{color:#444;margin:.25rem 0}.amount{font-size:2rem;font-weight:700;color:#111;margin:1rem 0}
.note{font-size:.85rem;color:#666;background:#fff8e1;padding:.5rem;border-radius:6px;margin-top:1rem}
form{margin:.5rem 0}button{width:100%;padding:.8rem;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#0a7d3b;color:#fff}.fail{background:#b3261e;color:#fff}.cancel{background:#e0e0e0;color:#222}
</style>
</head>
<body>
<main>
<h1>Sandbox checkout</h1>
<p>${escapeHtml(transaction.email)}</p>
<p class="amount">${escapeHtml(formatNaira(transaction.amountKobo))}</p>
<p>Reference: <code>${escapeHtml(transaction.reference)}</code></p>
${
  decided
    ? '<p>This payment is already paid.</p>'
    : expired
      ? '<p>This checkout has expired (the payment session timed out). No money was taken.</p>'
      : `${transaction.status === 'failed' ? '<p>The last attempt was declined. You may try again.</p>' : ''}
${button(action, 'success', 'Pay', 'pay')}
${button(action, 'success_fees', 'Pay, fees added for the customer', 'pay')}
${button(action, 'failed', 'Fail', 'fail')}
${button(action, 'abandoned', 'Cancel', 'cancel')}`
}
<p class="note">Test mode: this page stands in for Paystack. No card is charged and no money moves.</p>
</main>
</body>
</html>`;
}
