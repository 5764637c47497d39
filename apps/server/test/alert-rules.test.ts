import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { TEST_METRICS_TOKEN, scrape, type Sample } from './metrics-kit';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const rulesFile = path.join(repo, 'ops/alerts.yml');

/** promtool, from Debian's prometheus package (.ci/run installs it): missing, the test fails and says so. */
async function promtool(args: string[], input?: string) {
  try {
    const running = run('promtool', args, { cwd: repo });
    if (input !== undefined) running.child.stdin!.end(input);
    const { stdout, stderr } = await running;
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(
        'promtool is not installed: apt-get install --no-install-recommends prometheus (Debian), as .ci/run does',
      );
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe('alert rules (ops/alerts.yml) under promtool', () => {
  it('are valid Prometheus rules', async () => {
    const checked = await promtool(['check', 'rules', 'ops/alerts.yml']);
    expect(checked.output).toContain('SUCCESS');
    expect(checked.ok, checked.output).toBe(true);
  });

  it('fire and stay quiet as ops/alerts.test.yml says', async () => {
    const tested = await promtool(['test', 'rules', 'ops/alerts.test.yml']);
    expect(tested.ok, tested.output).toBe(true);
    expect(tested.output).toContain('SUCCESS');
  });
});

/** Each series selector the rules and their texts name: coop_x, or coop_x{label="value", label=~"a|b"}. */
function selectorsOf(rules: string) {
  return [...rules.matchAll(/\b(coop_[a-z0-9_]+)(?:\{([^}]*)\})?/g)].map((m) => ({
    text: m[0],
    name: m[1]!,
    matchers: [...(m[2] ?? '').matchAll(/(\w+)\s*(=~|=)\s*"([^"]*)"/g)].map((x) => ({
      label: x[1]!,
      regex: x[2] === '=~',
      value: x[3]!,
    })),
  }));
}

const matches = (sample: Sample, selector: ReturnType<typeof selectorsOf>[number]) =>
  sample.name === selector.name &&
  selector.matchers.every((m) =>
    m.regex
      ? new RegExp(`^(?:${m.value})$`).test(sample.labels[m.label] ?? '')
      : sample.labels[m.label] === m.value,
  );

describeEachDatabase('the alert rules read what GET /metrics answers', (database) => {
  const ctx = useTestApp(database, { METRICS_TOKEN: TEST_METRICS_TOKEN });

  it('has a sample for every series the rules name, labels included, so the rules cannot drift from the code', async () => {
    const rules = readFileSync(rulesFile, 'utf8');
    const selectors = selectorsOf(rules);
    expect(new Set(selectors.map((s) => s.name)).size).toBeGreaterThanOrEqual(8);
    // The jobs get their scheduled_jobs row at their first claim.
    await ctx.app.jobs.runDue();
    const { samples } = await scrape(ctx.app);
    // PGlite is one process and keeps no reads (decision 0064): it has no told-reads series for its rule to read.
    const notOnThisDatabase = database.name === 'pglite' ? ['coop_told_reads_listening'] : [];
    const missing = selectors
      .filter((selector) => !notOnThisDatabase.includes(selector.name))
      .filter((selector) => !samples.some((sample) => matches(sample, selector)))
      .map((s) => s.text);
    expect(missing).toEqual([]);
    // The label the job rules print is the one the figures carry.
    expect(rules).toContain('$labels.scheduled_job');
    expect(samples.some((s) => s.name === 'coop_job_lag_seconds' && s.labels.scheduled_job)).toBe(true);
  });

  it("passes promtool's check of the exposition format and Prometheus' naming rules (our coop_ series)", async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const { text } = await scrape(ctx.app);
    // Node's figures come from prom-client as they are (it names three gauges *_total, which the check dislikes).
    const ours = text
      .split('\n')
      .filter((line) => /^(# (HELP|TYPE) )?coop_/.test(line))
      .join('\n');
    expect(ours).toContain('coop_http_request_duration_seconds_bucket');
    const checked = await promtool(['check', 'metrics'], `${ours}\n`);
    expect(checked.output).toBe('');
    expect(checked.ok).toBe(true);
  });
});
