/**
 * Paystack's local card fee: 1.5% plus N100 (the N100 waived under N2,500), at most N2,000
 * (paystack.com/pricing). For N50,000 that is N850: the 5085000 kobo a fee-passing account charges.
 */
export function paystackFeeKobo(amountKobo: number) {
  const percentKobo = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(percentKobo, 200_000);
}
