import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStableCallbacks } from './use-stable-callbacks';

describe('useStableCallbacks', () => {
  it('keeps its identity across renders and calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onOpen }) => useStableCallbacks({ onOpen, can: true }), {
      initialProps: { onOpen: first },
    });
    const before = result.current;
    rerender({ onOpen: second });
    expect(result.current).toBe(before);
    result.current.onOpen();
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
  });

  it('changes when a callback goes away or a value changes', () => {
    const { result, rerender } = renderHook(
      ({ onOpen, can }: { onOpen?: () => void; can: boolean }) => useStableCallbacks({ onOpen, can }),
      { initialProps: { onOpen: vi.fn() as (() => void) | undefined, can: true } },
    );
    const before = result.current;
    rerender({ onOpen: undefined, can: true });
    expect(result.current).not.toBe(before);
    expect(result.current.onOpen).toBeUndefined();
    const without = result.current;
    rerender({ onOpen: undefined, can: false });
    expect(result.current).not.toBe(without);
    expect(result.current.can).toBe(false);
  });
});
