import { describe, expect, it } from 'vitest';
import { jsonBlock } from './page-data';

describe('jsonBlock', () => {
  it('cannot be closed or broken out of by a value, however it is spelled', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- x', other: '</SCRIPT >' };
    const block = jsonBlock('site-data', value);
    expect(block.startsWith('<script type="application/json" id="site-data">')).toBe(true);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toEqual(value);
  });
});
