import { describe, expect, it } from 'vitest';
import { deviceName } from '../src/modules/accounts/device-name';

describe('deviceName (My Data names the device in words, issue 38)', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
      'Firefox on Windows',
    ],
    [
      'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16',
      'Opera on Android',
    ],
  ])('%s is %s', (userAgent, words) => {
    expect(deviceName(userAgent)).toBe(words);
  });

  it('says so when the string names nothing it knows', () => {
    expect(deviceName('')).toBe('an unknown browser');
    expect(deviceName('   ')).toBe('an unknown browser');
    // Node's fetch, as the browser tests' API calls sign up.
    expect(deviceName('node')).toBe('an unknown browser');
    // A string with no system in it gives bowser's best guess at the browser alone.
    expect(deviceName('Mozilla/5.0 Owner')).toBe('Mozilla');
  });
});
