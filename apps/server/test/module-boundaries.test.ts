import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint that keeps the server's modules one-way, tried on files that are not in the tree: each would be
// a new import written today. `npm run check` runs the same configuration over every file.
const repo = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repo });

async function problemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries (npm run check)', () => {
  it('refuses a module importing one that imports it back, directly or through others', async () => {
    const direct = await problemsOf(
      'apps/server/src/modules/approvals/probe.ts',
      "export { cashOutApproval } from '../cash-outs/cash-out-approval';\n",
    );
    expect(direct).toEqual([
      expect.stringContaining(
        'house/no-module-loops: modules/approvals imports modules/cash-outs, which reaches back',
      ),
    ]);
    // audit is on the ground floor; payouts reaches it through notifications, so this import would close a loop.
    const longer = await problemsOf(
      'apps/server/src/modules/audit/probe.ts',
      "export { payoutRunApproval } from '../payouts/payout-run-approval';\n",
    );
    expect(longer).toEqual([
      expect.stringMatching(
        /^house\/no-module-loops: modules\/audit imports modules\/payouts, which reaches back: modules\/audit -> modules\/payouts -> .*modules\/audit/,
      ),
    ]);
  });

  it('lets a module import one below it', async () => {
    expect(
      await problemsOf(
        'apps/server/src/modules/cash-outs/probe.ts',
        "export { requestApproval } from '../approvals/request-approval';\n",
      ),
    ).toEqual([]);
  });

  it('refuses an adapter, a plugin or lib importing a module', async () => {
    const probes = {
      'apps/server/src/adapters/payments/probe.ts': '../../modules/audit/record-audit',
      'apps/server/src/plugins/probe.ts': '../modules/audit/record-audit',
      'apps/server/src/lib/probe.ts': '../modules/audit/record-audit',
    };
    for (const [file, target] of Object.entries(probes)) {
      expect(await problemsOf(file, `export { recordAudit } from '${target}';\n`), file).toEqual([
        expect.stringContaining('import-x/no-restricted-paths'),
      ]);
    }
  });

  describe('each table has one owner (decision 0047)', () => {
    it("refuses a module naming another's table in SQL", async () => {
      const probe = await problemsOf(
        'apps/server/src/modules/grants/probe.ts',
        "import { sql } from 'drizzle-orm';\nexport const q = sql`select reference from payments where account_id = ${1}`;\n",
      );
      expect(probe).toEqual([
        expect.stringContaining(
          "house/table-owner: modules/grants names payments in SQL, modules/payments's table.",
        ),
      ]);
    });

    it("refuses a module using another's table object, from any schema path", async () => {
      for (const from of ['../../db/schema', '../../db/schema/ledger']) {
        const probe = await problemsOf(
          'apps/server/src/modules/payouts/probe.ts',
          `import { journalEntries } from '${from}';\nexport const t = journalEntries;\n`,
        );
        expect(probe, from).toEqual([
          expect.stringContaining(
            "house/table-owner: modules/payouts uses journalEntries, modules/ledger's table (journal_entries).",
          ),
        ]);
      }
    });

    it("refuses a plugin or a top folder naming a module's table", async () => {
      const probe = await problemsOf(
        'apps/server/src/lib/probe.ts',
        "export const q = 'update accounts set status = $1';\n",
      );
      expect(probe).toEqual([expect.stringContaining('house/table-owner: lib names accounts in SQL')]);
    });

    it("lets the owner name its own tables, and anyone use a schema file's enums", async () => {
      expect(
        await problemsOf(
          'apps/server/src/modules/payments/probe.ts',
          "import { sql } from 'drizzle-orm';\nimport { payments, PAYMENT_PLACEMENTS } from '../../db/schema';\nexport const q = [sql`select 1 from payments`, payments, PAYMENT_PLACEMENTS];\n",
        ),
      ).toEqual([]);
      expect(
        await problemsOf(
          'apps/server/src/modules/grants/probe.ts',
          "import { PAYMENT_PLACEMENTS } from '../../db/schema';\nexport const placements = PAYMENT_PLACEMENTS;\n",
        ),
      ).toEqual([]);
    });
  });
});
