import { BANKS, findBank } from '@coop/core';
import type { FastifyInstance } from 'fastify';
import { paystackError, paystackOk } from './paystack-reply';
import { DEFAULT_ACCOUNT_NAME, type SandboxState } from './state';

/**
 * GET /bank answers the built-in bank table; GET /bank/resolve answers a name for any 10-digit number at a
 * known bank (DEFAULT_ACCOUNT_NAME unless a test set one in state.accountNames), and fails, as Paystack does
 * for a number the bank does not know, for numbers starting 000.
 */
export function bankRoutes(app: FastifyInstance, state: SandboxState) {
  // One page holds the whole table: meta.next is null.
  app.get('/bank', async (_request, reply) =>
    paystackOk(
      reply,
      'Banks retrieved',
      BANKS.map((bank, index) => ({
        id: index + 1,
        name: bank.name,
        slug: bank.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        code: bank.code,
        longcode: '',
        gateway: null,
        pay_with_bank: false,
        active: bank.active,
        is_deleted: false,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
      })),
      200,
      { next: null, previous: null, perPage: BANKS.length },
    ),
  );

  app.get<{ Querystring: { account_number?: string; bank_code?: string } }>('/bank/resolve', async (request, reply) => {
    const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.query;
    if (!/^\d{10}$/.test(accountNumber) || !findBank(BANKS, bankCode) || accountNumber.startsWith('000'))
      return paystackError(reply, 422, 'Could not resolve account name. Check parameters or try again.');
    return paystackOk(reply, 'Account number resolved', {
      account_number: accountNumber,
      account_name: state.accountNames.get(accountNumber) ?? DEFAULT_ACCOUNT_NAME,
      bank_id: BANKS.findIndex((b) => b.code === bankCode) + 1,
    });
  });
}
