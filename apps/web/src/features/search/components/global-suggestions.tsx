import { useDebouncedValue } from '@mantine/hooks';
import { type RefObject, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { searchNavTexts as t } from '@/config/texts/search-labels';
import type { BrandScope } from '@/entities/asset/api/keys';
import { AssetTypeIcon } from '@/entities/asset/components/asset-icon';
import { useActiveBrand } from '@/entities/brand';
import { buildLink } from '@/lib/link-builder';
import { useNameSuggestions } from '../api/search';
import type { SuggestionsHandle } from './global-search-box';
import classes from './global-suggestions.module.css';

/** The dropdown's name search waits this long after typing stops (000 §9). */
const DEBOUNCE_MS = 300;

/** The box's dropdown: up to 5 items whose names match, then 'See all results'. */
export function GlobalSuggestions({
  q,
  active,
  handle,
  onSeeAll,
  onDone,
}: {
  q: string;
  active: number;
  handle: RefObject<SuggestionsHandle>;
  onSeeAll: () => void;
  onDone: () => void;
}) {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const [debounced] = useDebouncedValue(q, DEBOUNCE_MS);
  const names = useNameSuggestions(scope, debounced);
  const navigate = useNavigate();
  const location = useLocation();
  const items = names.data ?? [];
  const openItem = (index: number) => {
    const item = items[index];
    if (!item) return;
    onDone();
    // A folder opens in the library; a file in the search's player, with the words that found it.
    navigate(
      item.type === 'FOLDER'
        ? buildLink(paths.library.getHref(item.id), {}, location.search)
        : buildLink(paths.search.getHref(item.id, 'overview'), { keyword: q }, location.search),
    );
  };
  useEffect(() => {
    handle.current = { count: items.length, open: openItem };
  });
  return (
    <div
      className={classes.list}
      id="global-search-suggestions"
      role="listbox"
      data-testid="global-suggestions"
    >
      {items.length > 0 && (
        <div className={classes.heading} aria-hidden>
          {t.box.suggestions}
        </div>
      )}
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the box's arrow keys and Enter are the keyboard path.
        <div
          key={item.id}
          tabIndex={-1}
          className={classes.option}
          data-active={active === index || undefined}
          role="option"
          aria-selected={active === index}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => openItem(index)}
          data-testid="global-suggestion"
        >
          <AssetTypeIcon type={item.type} size={16} />
          <span className={classes.optionName}>{item.name}</span>
        </div>
      ))}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter in the box is the keyboard path. */}
      <div
        tabIndex={-1}
        className={`${classes.option} ${classes.seeAll}`}
        data-active={active === items.length || undefined}
        role="option"
        aria-selected={active === items.length}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onSeeAll}
        data-testid="global-see-all"
      >
        {t.box.seeAll}
      </div>
    </div>
  );
}
