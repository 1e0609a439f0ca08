import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { searchNavTexts as t } from '@/config/texts/search-labels';
import { buildLink } from '@/lib/link-builder';
import classes from './global-search.module.css';

/** The name suggestions load with the first keystroke: the box itself is on every page's first load. */
const GlobalSuggestions = lazy(async () => ({
  default: (await import('./global-suggestions')).GlobalSuggestions,
}));

/** What the suggestions tell the box: how many there are, and how to open the highlighted one. */
export interface SuggestionsHandle {
  count: number;
  open(index: number): void;
}

/**
 * The shell's search box (issue 16): Ctrl/Cmd+K focuses it; Enter searches everything on
 * /search (an empty box does nothing); while typing, up to 5 items whose names match, and
 * 'See all results'. Arrow keys walk the suggestions, Escape closes them.
 */
export function GlobalSearchBox() {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useRef<SuggestionsHandle>({ count: 0, open: () => undefined });
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const searchAll = () => {
    const keyword = value.trim();
    if (!keyword) return;
    close();
    input.current?.blur();
    navigate(buildLink(paths.search.getHref(), { keyword }, location.search));
  };
  const keyword = value.trim();

  return (
    <form
      className={classes.box}
      aria-label={t.box.label}
      onSubmit={(event) => {
        event.preventDefault();
        if (active >= 0 && active < suggestions.current.count) {
          suggestions.current.open(active);
          close();
          input.current?.blur();
        } else searchAll();
      }}
    >
      <IconSearch size={15} className={classes.icon} aria-hidden />
      <input
        ref={input}
        type="text"
        className={classes.input}
        value={value}
        placeholder={t.box.placeholder}
        aria-label={t.box.label}
        aria-expanded={open && keyword.length > 0}
        aria-controls="global-search-suggestions"
        aria-autocomplete="list"
        role="combobox"
        data-testid="global-search"
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => window.setTimeout(close, 150)}
        onKeyDown={(event) => {
          const count = suggestions.current.count + 1;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((a) => (a + 1) % count);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((a) => (a <= 0 ? count - 1 : a - 1));
          } else if (event.key === 'Escape') close();
        }}
      />
      <kbd className={classes.kbd} aria-hidden>
        {t.box.shortcut}
      </kbd>
      {open && keyword && (
        <Suspense fallback={null}>
          <GlobalSuggestions
            q={keyword}
            active={active}
            handle={suggestions}
            onSeeAll={searchAll}
            onDone={close}
          />
        </Suspense>
      )}
    </form>
  );
}
