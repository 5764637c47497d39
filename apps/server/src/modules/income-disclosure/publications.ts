import type { Programme } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { recordAudit } from '../audit/record-audit';
import { incomeDisclosureFigures } from './disclosure-figures';

type Publication = { programme: Programme; year: number; published_at: string | Date };

/** A statement with whether (and since when) it is on the public site. */
export async function incomeDisclosure(
  db: Db,
  programme: Programme,
  year: number,
): Promise<IncomeDisclosure> {
  const [row] = await queryRows<Publication>(
    db,
    sql`select programme, year, published_at from income_disclosure_publications where programme = ${programme} and year = ${year}`,
  );
  return {
    ...(await incomeDisclosureFigures(db, programme, year)),
    published: Boolean(row),
    publishedAt: row ? new Date(row.published_at).toISOString() : null,
  };
}

/** Every published statement, newest year first (Main before Welcome Back within a year). */
export async function publishedIncomeDisclosures(db: Db): Promise<IncomeDisclosure[]> {
  const rows = await queryRows<Publication>(
    db,
    sql`select programme, year, published_at from income_disclosure_publications order by year desc, programme`,
  );
  const statements: IncomeDisclosure[] = [];
  for (const row of rows) statements.push(await incomeDisclosure(db, row.programme, row.year));
  return statements;
}

/** Puts a statement on the public site or takes it off, with the act in the audit log. */
export async function setPublication(
  db: Db,
  adminId: string,
  programme: Programme,
  year: number,
  published: boolean,
) {
  await db.transaction(async (tx) => {
    const changed = published
      ? await queryRows(
          tx,
          sql`insert into income_disclosure_publications (programme, year, published_by) values (${programme}, ${year}, ${adminId}) on conflict do nothing returning year`,
        )
      : await queryRows(
          tx,
          sql`delete from income_disclosure_publications where programme = ${programme} and year = ${year} returning year`,
        );
    if (changed.length > 0)
      await recordAudit(tx, {
        actorAccountId: adminId,
        action: published ? 'income_disclosure_published' : 'income_disclosure_unpublished',
        details: { programme, year },
      });
  });
  return incomeDisclosure(db, programme, year);
}
