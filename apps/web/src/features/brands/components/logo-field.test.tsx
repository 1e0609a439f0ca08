import { libraryMessages } from '@hookline/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { LogoField } from './logo-field';

/** An XMLHttpRequest that records PUTs and answers 200. */
function stubXhr() {
  const puts: { url: string; body: unknown; headers: Record<string, string> }[] = [];
  class FakeXhr {
    upload = { onprogress: null as ((event: { loaded: number }) => void) | null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return '"etag"';
    }
    abort() {}
    send(body: unknown) {
      puts.push({ url: this.url, body, headers: this.headers });
      this.status = 200;
      queueMicrotask(() => {
        this.onload?.();
        this.onloadend?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return puts;
}

afterEach(() => vi.unstubAllGlobals());

describe('LogoField', () => {
  it('uploads the image through a signed URL and hands back its address', async () => {
    const network = stubFetch({
      'POST /api/upload/url': () =>
        jsonResponse({
          presignedURL: '/api/storage/object?g=x&s=y',
          uploadHeaders: { 'Content-Type': 'image/png' },
          url: '/api/public-files/0190a6f2-0000-7000-8000-000000000001.png',
        }),
    });
    const puts = stubXhr();
    const onChange = vi.fn();
    renderWithProviders(<LogoField value={null} name="Acme" onChange={onChange} />);
    const file = new File([new Uint8Array(1000)], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [file] } });
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith('/api/public-files/0190a6f2-0000-7000-8000-000000000001.png'),
    );
    expect(network.to('/api/upload/url')[0]!.body).toMatchObject({ fileName: 'logo.png', size: 1000 });
    expect(puts).toMatchObject([
      { url: '/api/storage/object?g=x&s=y', headers: { 'Content-Type': 'image/png' } },
    ]);
  });

  it('refuses a file of 2 MB or more before anything is sent', async () => {
    const network = stubFetch({});
    const onChange = vi.fn();
    renderWithProviders(<LogoField value={null} name="Acme" onChange={onChange} />);
    const file = new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe(libraryMessages.fileTooLarge);
    expect(network.to('/api/upload/url')).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });
});
