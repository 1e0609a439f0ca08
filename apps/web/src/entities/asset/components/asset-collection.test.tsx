import { screen } from '@testing-library/react';
import { type ReactNode, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeAsset } from '@/test/library';
import { renderWithProviders } from '@/test/render';
import type { AssetItem } from '../api/keys';
import { useSelection } from '../hooks/use-selection';
import { defaultGridSettings } from '../hooks/use-view-prefs';
import type { DragProps } from './asset-card';
import { AssetCollection } from './asset-collection';

const settings = defaultGridSettings('asset');
const items = Array.from({ length: 12 }, (_, i) => makeAsset({ name: `clip ${i + 1}.mp4` }));
/** Renders per card: the drag wrapper renders exactly when its card does. */
const renders = new Map<string, number>();
function CountingDragItem({
  asset,
  children,
}: {
  asset: AssetItem;
  children: (drag: DragProps) => ReactNode;
}) {
  renders.set(asset.name, (renders.get(asset.name) ?? 0) + 1);
  return children({});
}

/** A page as the library renders it: new handler objects and callbacks on every render. */
function Page() {
  const selection = useSelection(items, items.length);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <div ref={scrollRef} style={{ height: 800, overflow: 'auto' }}>
      <span data-testid="opened">{opened}</span>
      <AssetCollection
        items={items}
        loading={false}
        viewMode="grid"
        settings={settings}
        scrollRef={scrollRef}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={() => undefined}
        onOpen={(asset) => setOpened(asset.name)}
        handlers={{ onRename: () => undefined, onDelete: () => undefined }}
        selection={selection}
        DragItem={CountingDragItem}
      />
    </div>
  );
}

describe('the grid', () => {
  it('re-renders only the card whose selection changed, and its cards call the latest callbacks', async () => {
    const { user } = renderWithProviders(<Page />);
    await screen.findByRole('article', { name: 'clip 3.mp4' });
    const before = new Map(renders);
    await user.click(screen.getByRole('checkbox', { name: 'Select clip 3.mp4' }));
    expect(screen.getByRole('article', { name: 'clip 3.mp4' }).hasAttribute('data-selected')).toBe(true);
    expect(screen.getByTestId('asset-grid').hasAttribute('data-selecting')).toBe(true);
    const rendered = [...renders].filter(([name, count]) => count !== before.get(name)).map(([name]) => name);
    expect(rendered).toEqual(['clip 3.mp4']);

    // A card rendered before the page's last render still opens through the page's latest callback.
    await user.click(screen.getByRole('button', { name: 'clip 5.mp4' }));
    expect(screen.getByTestId('opened').textContent).toBe('clip 5.mp4');
  });
});
