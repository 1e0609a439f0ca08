import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAccessTokenSync } from './use-access-token-sync';

function Listener({ onChange }: { onChange: () => void }) {
  useAccessTokenSync(onChange);
  return null;
}

function storageEvent(key: string | null, oldValue: string | null, newValue: string | null) {
  return new StorageEvent('storage', { key, oldValue, newValue });
}

describe('access token change in another tab', () => {
  it('reloads when the access token changes, and not for other keys', () => {
    const onChange = vi.fn();
    render(<Listener onChange={onChange} />);
    window.dispatchEvent(storageEvent('navbar-size', '335', '400'));
    expect(onChange).not.toHaveBeenCalled();
    window.dispatchEvent(storageEvent('access_token', 'old', 'new'));
    expect(onChange).toHaveBeenCalledTimes(1);
    window.dispatchEvent(storageEvent('access_token', 'new', null));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
