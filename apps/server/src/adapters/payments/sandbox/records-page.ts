import { formatNaira } from '@coop/core';
import type { SandboxDispute } from './dispute-store';
import type { SandboxTransaction } from './store';
import { paystackFeeKobo } from './transaction-routes';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const RECORDS = '/sandbox/paystack/checkout/records';

const form = (action: string, label: string) =>
  `<form method="post" action="${action}"><button type="submit">${escapeHtml(label)}</button></form>`;

function disputeCell(transaction: SandboxTransaction, dispute: SandboxDispute | undefined) {
  if (dispute) {
    const words = `Dispute ${dispute.id}: ${dispute.status}${dispute.resolution ? ` (${dispute.resolution})` : ''}`;
    return dispute.status === 'resolved'
      ? escapeHtml(words)
      : `${escapeHtml(words)}${form(`${RECORDS}/disputes/${dispute.id}/remind`, 'Send a reminder')}`;
  }
  if (transaction.status !== 'success') return '';
  return form(
    `${RECORDS}/${encodeURIComponent(transaction.reference)}/dispute`,
    'Raise a dispute on this payment',
  );
}

/**
 * The sandbox's records: the payments it took and the disputes on them, with a button that makes the customer
 * dispute a payment (Paystack then sends charge.dispute.create). Plain HTML and form posts, no script.
 */
export function renderRecordsPage(
  transactions: SandboxTransaction[],
  disputes: SandboxDispute[],
  notice: string | null,
) {
  // What the card was charged: with the fees added for the customer, the fee plus Paystack's fees, as verify says.
  const chargedText = (t: SandboxTransaction) =>
    t.customerPaysFees && t.status === 'success'
      ? `${formatNaira(t.amountKobo + paystackFeeKobo(t.amountKobo))} (${formatNaira(t.amountKobo)} + ${formatNaira(paystackFeeKobo(t.amountKobo))} fees)`
      : formatNaira(t.amountKobo);
  const latest = new Map<string, SandboxDispute>();
  for (const d of [...disputes].reverse()) latest.set(d.transactionReference, d);
  const rows = transactions
    .map(
      (
        t,
      ) => `<tr><td><code>${escapeHtml(t.reference)}</code></td><td>${escapeHtml(t.email)}</td><td>${escapeHtml(chargedText(t))}</td>
<td>${escapeHtml(t.status)}</td><td>${escapeHtml(t.paidAt ? t.paidAt.slice(0, 16).replace('T', ' ') : '')}</td><td>${disputeCell(t, latest.get(t.reference))}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox records</title>
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;padding:1rem;color:#111}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:1rem;max-width:72rem;margin:0 auto}
h1{font-size:1.2rem;margin:0 0 .5rem}.note{font-size:.85rem;color:#666;background:#fff8e1;padding:.5rem;border-radius:6px}
.notice{background:#e8f5e9;padding:.5rem;border-radius:6px;overflow-wrap:anywhere}.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #eee;vertical-align:top}
@media (max-width:640px){thead{display:none}tr{display:block;border-bottom:1px solid #eee;padding:.4rem 0}td{display:block;border:0;padding:.15rem .4rem}}
code{word-break:break-all}form{margin:.25rem 0}button{padding:.4rem .7rem;border:0;border-radius:6px;background:#b3261e;color:#fff;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>Sandbox records</h1>
<p class="note">Test mode: the payments this sandbox took, newest first. "Raise a dispute on this payment" plays the customer's bank: Paystack's charge.dispute.create goes to the platform. No money moves.</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
${form(`${RECORDS}/settle`, 'Settle now')}
<p class="note">Paystack settles once a day: what was paid before today, less its fees, the refunds processed and the chargebacks lost. "Settle now" settles everything up to this moment (GET /settlement).</p>
<div class="scroll"><table>
<thead><tr><th>Reference</th><th>Customer</th><th>Amount</th><th>Status</th><th>Paid</th><th>Dispute</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="6">No payments yet.</td></tr>'}
</tbody>
</table></div>
</main>
</body>
</html>`;
}
