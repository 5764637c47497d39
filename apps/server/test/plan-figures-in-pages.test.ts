import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mainPlan, welcomeBackPlan, type Plan } from '@coop/core';
import { describe, expect, it } from 'vitest';

/**
 * No plan figure is written into the code that makes pages (issue 36, decision 0059): a page states the figures of the
 * version that applies to its reader, read from the version data (the page's plans block, `GET /api/me/plan`), never
 * from a number typed in or from core's version 1 (`getPlan`, `mainPlan`, `welcomeBackPlan`). The only home of the
 * figures is `packages/core/src/plan/main.ts` and `welcome-back.ts` (version 1, seeded into `plan_versions`).
 */
const repo = join(import.meta.dirname, '../../..');

/** The web client, and the server's code that draws pages, names the site and words what members read. */
const SCANNED = [
  'apps/web/src',
  'apps/server/src/plugins/web-client.ts',
  'apps/server/src/lib/public-site.ts',
  'apps/server/src/modules/site',
  'apps/server/src/modules/member',
  'apps/server/src/modules/notifications',
];

/**
 * Amounts that equal a plan figure but are not one. Each names its file, the text and why; keep it tiny. Empty today:
 * the web client and the pages state no amount of their own.
 */
const ALLOWED: { file: string; text: string; why: string }[] = [];

/** Every non-zero amount of version 1 of both programmes, in kobo. */
const planFiguresKobo = (plan: Plan) =>
  [
    plan.feeKobo,
    plan.referralBonusKobo,
    plan.healthFee?.amountKobo ?? 0,
    plan.grant?.ceilingKobo ?? 0,
    ...plan.stages.flatMap((s) => [
      s.activitiesKobo,
      s.graduatingKobo,
      s.thankYouKobo,
      ...s.awards.map((a) => a.valueKobo),
    ]),
  ].filter((kobo) => kobo > 0);
const FIGURES_KOBO = new Set([...planFiguresKobo(mainPlan), ...planFiguresKobo(welcomeBackPlan)]);

/** How an amount is written in page code: in words and JSX (₦, N, "naira"), in the API's naira strings, in kobo. */
const AMOUNTS: { pattern: RegExp; unit: 'naira' | 'kobo' }[] = [
  { pattern: /₦\s?(\d[\d,_]*)/g, unit: 'naira' },
  { pattern: /(?<![\d.])(\d[\d,_]*)\s*naira\b/gi, unit: 'naira' },
  // Naira written with a letter ("N10,000", "NGN 10,000"); grouped digits alone are also counts ("at 1,000 members").
  { pattern: /(?:\bN|\bNGN\s?)(\d{1,3}(?:,\d{3})+)(?![\d,])/g, unit: 'naira' },
  // The API's naira strings ("10000.00").
  { pattern: /['"`](\d+)\.\d\d['"`]/g, unit: 'naira' },
  { pattern: /\b\w*Naira\w*\s*(?:[:=]|[=!]==?|[<>]=?)\s*(\d[\d_]*)\b/g, unit: 'naira' },
  { pattern: /\bnairaToKobo\(\s*(\d[\d_]*)/g, unit: 'naira' },
  { pattern: /\b\w*Kobo\w*\s*(?:[:=]|[=!]==?|[<>]=?)\s*(\d[\d_]*)\b/g, unit: 'kobo' },
  { pattern: /\b(?:formatNaira|toNairaString)\(\s*(\d[\d_]*)/g, unit: 'kobo' },
];

/**
 * Version 1 read from code, where the reader's version should be read: checked in the web client, which has the version
 * data at hand. The server's member code may name stages with `getPlan` (names and the shape are not versioned,
 * decision 0035); the amounts it answers come from the ledger and the member's version.
 */
const VERSION_ONE = /\b(getPlan|mainPlan|welcomeBackPlan)\b/g;
const readsVersionData = (file: string) => file.startsWith('apps/web/src/');

function* sourceFiles(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    if (/\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)) yield path;
    return;
  }
  for (const name of readdirSync(path)) yield* sourceFiles(join(path, name));
}

/** Comments state nothing to a reader (and speak of counts such as "1,000 members"): blanked, lines kept. */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, (_, before: string) => before);

/** Each amount equal to a plan figure, and each use of version 1 from code, as "file:line: text". */
export function planFiguresWrittenIn(file: string, text: string): string[] {
  const found: string[] = [];
  withoutComments(text)
    .split('\n')
    .forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      for (const { pattern, unit } of AMOUNTS)
        for (const match of line.matchAll(pattern)) {
          const value = Number(match[1]!.replace(/[,_]/g, ''));
          const kobo = unit === 'naira' ? value * 100 : value;
          if (FIGURES_KOBO.has(kobo) && !ALLOWED.some((a) => a.file === file && match[0].includes(a.text)))
            found.push(`${at}: ${match[0]}`);
        }
      if (readsVersionData(file))
        for (const match of line.matchAll(VERSION_ONE))
          found.push(`${at}: ${match[0]} (version 1 from code)`);
    });
  return found;
}

describe('no plan figure written into page code (issue 36)', () => {
  it('the web client and the server’s page and site code state no amount equal to a plan figure, nor read version 1 from code', () => {
    const found = SCANNED.flatMap((root) =>
      [...sourceFiles(join(repo, root))].flatMap((path) =>
        planFiguresWrittenIn(relative(repo, path), readFileSync(path, 'utf8')),
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds a figure however it is written, and leaves comments, counts and other amounts alone', () => {
    const page = [
      'const lead = `Earn ₦10,000 for each friend`;', // the Main referral bonus in naira
      '<p>Pay N50,000 once</p>', // the Main fee, grouped digits
      'const bonusKobo = 1_000_000;', // the Main referral bonus in kobo
      "expect(value).toBe('400000.00');", // the grant ceiling as the API's naira string
      'formatNaira(5_000_000)', // the Main fee in kobo
      "const plan = getPlan('main');", // version 1 from code
      '// the ₦10,000 of version 1, in a comment', // a comment: nothing a reader sees
      'const timeoutMs = 10_000;', // not an amount
      '<p>its figures at 1,000 and at 100,000 members</p>', // counts of members
      "const text = 'Pay ₦12,345';", // not a plan figure
    ].join('\n');
    expect(planFiguresWrittenIn('apps/web/src/page.tsx', page)).toEqual([
      'apps/web/src/page.tsx:1: ₦10,000',
      'apps/web/src/page.tsx:2: N50,000',
      'apps/web/src/page.tsx:3: bonusKobo = 1_000_000',
      "apps/web/src/page.tsx:4: '400000.00'",
      'apps/web/src/page.tsx:5: formatNaira(5_000_000',
      'apps/web/src/page.tsx:6: getPlan (version 1 from code)',
    ]);
  });
});
