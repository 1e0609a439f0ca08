import type { TagCategory } from '@hookline/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeBrand, makeProfile } from '@/test/identity';
import { renderWithProviders } from '@/test/render';
import { canManageTags } from '../hooks/use-tag-write-access';
import { fakeId } from '../test/tags-api';
import { CategorySection, type CategorySectionProps } from './category-section';

const formats: TagCategory = {
  id: fakeId(1),
  name: 'Formats',
  type: 'CUSTOM',
  tagsCount: 1,
  children: [
    {
      id: fakeId(2),
      name: 'UGC',
      categoryId: fakeId(1),
      autoSearchInFiles: true,
      description: null,
      usageCount: 4,
    },
  ],
};

function renderSection(props: Partial<CategorySectionProps> = {}) {
  const handlers = { onToggleTag: vi.fn(), onOpenTag: vi.fn(), onRename: vi.fn(), onDelete: vi.fn() };
  const rendered = renderWithProviders(
    <CategorySection
      scope={{ accountId: 'acc', brandId: 'brand' }}
      category={formats}
      canManage
      showUsage={false}
      selecting={false}
      isSelected={() => false}
      {...handlers}
      {...props}
    />,
  );
  return { ...rendered, handlers };
}

describe('category section', () => {
  it('without write access shows the tags only: no menu, no entry, chips are not buttons', () => {
    renderSection({ canManage: false });
    const section = screen.getByRole('region', { name: 'Formats' });
    expect(within(section).getByText('UGC')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByTestId('add-tag')).toBeNull();
  });

  it('opens a tag on click and selects it with Ctrl-click; marks auto-search; usage only when asked', async () => {
    const { user, handlers, unmount } = renderSection();
    const chip = screen.getByRole('button', { name: 'Open tag UGC' });
    expect(within(chip).getByTestId('tag-auto-search')).toBeTruthy();
    expect(within(chip).queryByTestId('tag-usage')).toBeNull();
    await user.click(chip);
    expect(handlers.onOpenTag).toHaveBeenCalledWith(formats.children[0]);
    await user.keyboard('{Control>}');
    await user.click(chip);
    await user.keyboard('{/Control}');
    expect(handlers.onToggleTag).toHaveBeenCalledWith(formats.children[0]);
    expect(handlers.onOpenTag).toHaveBeenCalledTimes(1);

    unmount();
    renderSection({ showUsage: true, selecting: true, isSelected: () => true });
    const checkbox = screen.getByRole('checkbox', { name: 'Select UGC' });
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    expect(within(checkbox).getByTestId('tag-usage').textContent).toBe('4');
  });
});

describe('write access to tags', () => {
  const acme = makeBrand({ id: 'brand-acme', name: 'Acme' });
  const other = makeBrand({ id: 'brand-other', name: 'Other', accountId: 'acc-other' });

  it('is every signed-in user in their own brands, and super users anywhere', () => {
    expect(canManageTags(makeProfile(), acme, [acme])).toBe(true);
    expect(canManageTags(makeProfile({ role: 'member' }), acme, [acme])).toBe(true);
    expect(canManageTags(makeProfile(), other, [acme])).toBe(false);
    expect(canManageTags(makeProfile({ isSuperUser: true }), other, [acme])).toBe(true);
  });
});
