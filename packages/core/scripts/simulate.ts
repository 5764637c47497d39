import { parseArgs } from 'node:util';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { formatNaira, simulate, type ReferralPattern } from '../src/index';

const { values } = parseArgs({
  options: {
    programme: { type: 'string', default: 'main' },
    members: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    referrals: { type: 'string', default: 'random' },
  },
});

const programme =
  values.programme === 'welcomeback'
    ? 'welcomeback'
    : values.programme === 'main'
      ? 'main'
      : fail('--programme must be main or welcomeback');
const joins = Number(values.members);
if (!Number.isSafeInteger(joins) || joins < 1) fail('--members must be a whole number above 0');
const referrals = ['random', 'chain', 'balanced'].includes(values.referrals!)
  ? (values.referrals as ReferralPattern)
  : fail('--referrals must be random, chain or balanced');
const rng = xoroshiro128plus(Number(values.seed));

const started = performance.now();
const report = simulate({ programme, joins, referrals, randomInt: (max) => uniformInt(rng, 0, max - 1) });
const seconds = (performance.now() - started) / 1000;

console.log(
  `Plan simulation: ${programme}, ${joins} paid joins (${report.accounts} accounts), referrals ${referrals}, seed ${values.seed}`,
);
console.log('\nPositions per stage');
for (const row of report.positionsPerStage)
  console.log(`  ${String(row.stage).padStart(2)} ${row.name.padEnd(22)} ${row.positions}`);
console.log('\nMoney');
console.log(`  fees taken              ${formatNaira(report.feesKobo)}`);
console.log(
  `  cash bonuses owed       ${formatNaira(report.cashBonusesKobo)} (after ${formatNaira(report.healthFeesKobo)} of health-organisation fees)`,
);
console.log(`  bonuses / fees          ${report.bonusToFeeRatio.toFixed(4)}`);
console.log('\nAwards owed by kind');
const kinds = Object.entries(report.awardsKoboByKind);
if (kinds.length === 0) console.log('  none');
for (const [kind, kobo] of kinds) console.log(`  ${kind.padEnd(22)} ${formatNaira(kobo)}`);
console.log(
  `\n${joins} joins in ${seconds.toFixed(2)} s (${((seconds * 1e6) / joins).toFixed(2)} µs per join)`,
);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
