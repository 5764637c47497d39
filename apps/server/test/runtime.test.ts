import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The platform runs on Node 24 LTS (decision 0044): `npm test` finds the project's pinned Node through node_modules/.bin,
// whatever Node the machine has, so the suite checks the code on the runtime production uses.
const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('runtime', () => {
  it('is the Node that package.json pins, a 24 LTS', () => {
    const pinned = rootPackage.devDependencies.node!;
    expect(pinned.split('.')[0]).toBe('24');
    expect(process.versions.node).toBe(pinned);
    expect(rootPackage.engines.node).toMatch(/^>=24\./);
  });
});
