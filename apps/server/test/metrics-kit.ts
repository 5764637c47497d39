import type { App } from '../src/app';

export const TEST_METRICS_TOKEN = 'metrics-token-of-the-tests-7f3a9c2e5b1d4086';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus' text format (comment lines left out); label values hold no quote or comma here. */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET /metrics with the token, through the real app; fails unless it answers 200. */
export async function scrape(app: App) {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}: ${res.body}`);
  return { text: res.body, samples: parseSamples(res.body) };
}

/** The value of the one sample with this name and these labels (among others); fails when there is none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]!.value;
}
