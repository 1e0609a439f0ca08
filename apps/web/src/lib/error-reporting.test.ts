import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorFingerprint, routePattern, shouldIgnoreError } from './error-reporting';

describe('error reporting filter (000 §8)', () => {
  it('ignores websocket unclean closes, play() refusals, unsupported sources, aborts and 401s', () => {
    expect(shouldIgnoreError(new Error('WebSocket connection closed: unclean close (1006)'))).toBe(true);
    expect(
      shouldIgnoreError(
        new DOMException('play() failed because the user did not interact', 'NotAllowedError'),
      ),
    ).toBe(true);
    expect(
      shouldIgnoreError(new DOMException('The element has no supported sources.', 'NotSupportedError')),
    ).toBe(true);
    expect(shouldIgnoreError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(shouldIgnoreError(new ApiError(401, null))).toBe(true);
  });

  it('reports everything else', () => {
    expect(shouldIgnoreError(new ApiError(500, null))).toBe(false);
    expect(shouldIgnoreError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
  });

  it('fingerprints by error name, status and route', () => {
    expect(routePattern('/boards/0192f0a4-7c1e-7b7a-9d1e-3c0b8f1b2a11/2')).toBe('/boards/:id/:id');
    expect(errorFingerprint(new ApiError(500, null), '/boards/42')).toEqual([
      'ApiError',
      '500',
      '/boards/:id',
    ]);
    expect(errorFingerprint(new TypeError('x'), '/')).toEqual(['TypeError', '-', '/']);
  });
});
