import type { FastifyInstance } from 'fastify';
import { findSandboxBank, SANDBOX_BANKS } from './nigerian-banks';
import { paystackError, paystackOk } from './paystack-reply';
import { DEFAULT_ACCOUNT_NAME, type SandboxState } from './state';
import { DOCUMENTED_ACCOUNTS, isUnknownAccount } from './test-accounts';

// Paystack's cursor is base64 of "bank:<id>" (documented sample meta.next "YmFuazoxNjk=" = "bank:169").
const cursorOf = (id: number) => Buffer.from(`bank:${id}`).toString('base64');
const idOfCursor = (cursor: string) =>
  Number(/^bank:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'))?.[1] ?? NaN);

/**
 * GET /bank answers Paystack's Nigerian list (nigerian-banks.ts) a page at a time with Paystack's cursor paging
 * (perPage, default 50, at most 100; meta.next and meta.previous), newest bank first as Paystack lists them.
 * GET /bank/resolve answers a name for any 10-digit number at a known bank (DEFAULT_ACCOUNT_NAME unless a test set
 * one in state.accountNames; Paystack's documented test accounts resolve to their documented names) and fails, as
 * Paystack does for a number the bank does not know, for the unknown numbers of test-accounts.ts.
 */
export function bankRoutes(app: FastifyInstance, state: SandboxState) {
  app.get<{ Querystring: { perPage?: string; next?: string; previous?: string } }>(
    '/bank',
    async (request, reply) => {
      const perPage = Math.min(Math.max(Number(request.query.perPage ?? 50) || 50, 1), 100);
      let start = 0;
      if (request.query.next) {
        const id = idOfCursor(request.query.next);
        start = SANDBOX_BANKS.findIndex((bank) => bank.id === id);
        if (start < 0)
          return paystackError(reply, 400, 'Invalid cursor', {
            type: 'validation_error',
            code: 'invalid_params',
          });
      }
      const page = SANDBOX_BANKS.slice(start, start + perPage);
      const following = SANDBOX_BANKS[start + perPage];
      const before = start > 0 ? SANDBOX_BANKS[Math.max(start - perPage, 0)] : undefined;
      const stamp = '2020-12-07T16:19:09.000Z';
      return paystackOk(
        reply,
        'Banks retrieved',
        page.map((bank) => ({
          name: bank.name,
          slug: bank.slug,
          code: bank.code,
          longcode: '',
          gateway: null,
          pay_with_bank: false,
          active: bank.active,
          is_deleted: false,
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
          id: bank.id,
          createdAt: stamp,
          updatedAt: stamp,
        })),
        200,
        {
          next: following ? cursorOf(following.id) : null,
          previous: before ? cursorOf(before.id) : null,
          perPage,
        },
      );
    },
  );

  app.get<{ Querystring: { account_number?: string; bank_code?: string } }>(
    '/bank/resolve',
    async (request, reply) => {
      const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.query;
      const bank = findSandboxBank(bankCode);
      if (!/^\d{10}$/.test(accountNumber) || !bank || isUnknownAccount(accountNumber))
        return paystackError(reply, 422, 'Could not resolve account name. Check parameters or try again.');
      return paystackOk(reply, 'Account number resolved', {
        account_number: accountNumber,
        account_name:
          state.accountNames.get(accountNumber) ?? DOCUMENTED_ACCOUNTS[accountNumber] ?? DEFAULT_ACCOUNT_NAME,
        bank_id: bank.id,
      });
    },
  );
}
