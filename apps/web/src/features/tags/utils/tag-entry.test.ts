import { describe, expect, it } from 'vitest';
import { parseTagEntry } from './tag-entry';

describe('parseTagEntry', () => {
  it('splits on commas, trims, drops blanks and duplicates ignoring case', () => {
    expect(parseTagEntry(' Reel , ugc,, reel ,Static ', [{ name: 'Static' }])).toEqual({
      names: ['Reel', 'ugc'],
    });
  });

  it('refuses a value holding a name over 20 characters or a control character', () => {
    expect(parseTagEntry('ok, 123456789012345678901', [])).toEqual({
      error: 'Tag names have at most 20 characters',
    });
    expect(parseTagEntry('12345678901234567890', [])).toEqual({ names: ['12345678901234567890'] });
    expect(parseTagEntry('bad\u0007name', []).error).toBe('Control characters are not allowed');
  });
});
