import { interpolate } from '@hookline/contract';
import { Button, CloseButton, Group, Menu, Popover } from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { searchTexts as t } from '@/config/texts/search';
import type { BrandScope } from '@/entities/asset/api/keys';
import { FILTER_KINDS, type FilterItem, kindOf } from '../search-state';
import { FilterEditor } from './filter-editor';
import classes from './search.module.css';

/** What a chip says: the kind and its values ('Type: Video, Image', 'Length (s) at least 10'). */
export function filterSummary(item: FilterItem): string {
  const kind = kindOf(item);
  if (item.children?.length) return `${item.name}: ${item.children.map((c) => c.name).join(', ')}`;
  if (kind === 'date') return `${item.name}: ${item.params?.from ?? '…'} – ${item.params?.to ?? '…'}`;
  const operator =
    t.operators[item.operator as keyof typeof t.operators] ??
    t.textOperators[item.operator as keyof typeof t.textOperators] ??
    '';
  return `${item.name} ${operator} ${item.params?.value ?? ''}`.trim();
}

/** A filter that says nothing yet (no values): dropped when applied (001 §3: empty filters are dropped). */
function isEmpty(item: FilterItem): boolean {
  const kind = kindOf(item);
  if (kind === 'date') return !item.params?.from && !item.params?.to;
  if (item.children?.length) return false;
  return !item.params?.value;
}

/**
 * The search's filters as chips: each opens its editor, × removes it; 'Add filter' starts one
 * of a kind; 'Clear all' removes every filter.
 */
export function FilterBar({
  scope,
  filters,
  onChange,
}: {
  scope: BrandScope;
  filters: FilterItem[];
  onChange: (filters: FilterItem[]) => void;
}) {
  // The chip whose editor is open: an index, or 'new' for one being added.
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [adding, setAdding] = useState<FilterItem | null>(null);
  const apply = (index: number | 'new', item: FilterItem) => {
    const rest = index === 'new' ? filters : filters.filter((_, i) => i !== index);
    const at = index === 'new' ? rest.length : index;
    const next = isEmpty(item) ? rest : [...rest.slice(0, at), item, ...rest.slice(at)];
    setOpen(null);
    setAdding(null);
    onChange(next);
  };
  const present = new Set(filters.map(kindOf));
  return (
    <Group gap="xs" className={classes.filterBar} data-testid="filter-bar">
      {filters.map((item, index) => (
        <Popover
          key={`${item.id}:${filterSummary(item)}`}
          opened={open === index}
          onChange={(opened) => setOpen(opened ? index : null)}
          position="bottom-start"
          shadow="md"
          trapFocus
        >
          <Popover.Target>
            <Button.Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpen(open === index ? null : index)}
                aria-label={interpolate(t.editFilter, { name: filterSummary(item) })}
                className={classes.chip}
                data-testid="filter-chip"
              >
                {filterSummary(item)}
              </Button>
              <Button size="xs" variant="light" px={4} component="span">
                <CloseButton
                  size="xs"
                  aria-label={interpolate(t.removeFilter, { name: item.name })}
                  onClick={() => onChange(filters.filter((_, i) => i !== index))}
                />
              </Button>
            </Button.Group>
          </Popover.Target>
          <Popover.Dropdown>
            {open === index && (
              <FilterEditor scope={scope} initial={item} onApply={(next) => apply(index, next)} />
            )}
          </Popover.Dropdown>
        </Popover>
      ))}
      <Popover
        opened={open === 'new'}
        onChange={(opened) => {
          if (!opened) {
            setOpen(null);
            setAdding(null);
          }
        }}
        position="bottom-start"
        shadow="md"
        trapFocus
        // Its target is a plain wrapper around the menu's button: popup roles on it would be wrong.
        withRoles={false}
      >
        <Popover.Target>
          <div>
            <Menu position="bottom-start" shadow="md">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFilterPlus size={14} />}
                  data-testid="add-filter"
                >
                  {t.addFilter}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {FILTER_KINDS.filter((kind) => kind === 'field' || !present.has(kind)).map((kind) => (
                  <Menu.Item
                    key={kind}
                    onClick={() => {
                      setAdding({ id: kind, name: t.kinds[kind] });
                      setOpen('new');
                    }}
                  >
                    {t.kinds[kind]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </div>
        </Popover.Target>
        <Popover.Dropdown>
          {open === 'new' && adding && (
            <FilterEditor scope={scope} initial={adding} onApply={(next) => apply('new', next)} />
          )}
        </Popover.Dropdown>
      </Popover>
      {filters.length > 0 && (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          onClick={() => onChange([])}
          data-testid="clear-filters"
        >
          {t.clearAll}
        </Button>
      )}
    </Group>
  );
}
