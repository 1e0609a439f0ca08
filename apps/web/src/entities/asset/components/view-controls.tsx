import { assetSortFields } from '@hookline/contract';
import { ActionIcon, Button } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconChevronDown,
  IconLayoutGrid,
  IconList,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { ActionMenu } from '@/components/action-menu';
import { Hint } from '@/components/hint';
import { OnDemand } from '@/components/on-demand';
import { libraryTexts } from '@/config/texts/library';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import type { SortState } from '../api/keys';
import type { GridSettings, ViewMode } from '../hooks/use-view-prefs';

const t = libraryTexts.library;

/**
 * Sort field and order (000 §2): the field from a menu (a plain menu rather than a select: the
 * library's first load carries no combobox, issue 20), the order by its toggle.
 */
export function SortControl({ value, onChange }: { value: SortState; onChange: (next: SortState) => void }) {
  const label = value.order === 'asc' ? t.ascending : t.descending;
  const current = t.sortFields[value.sort];
  return (
    <>
      <ActionMenu
        width={160}
        entries={[
          { kind: 'label', key: 'label', label: t.sort },
          ...assetSortFields.map((field) => ({
            key: field,
            label: t.sortFields[field],
            // Mantine's items are menuitems; the button's name says which field is current.
            checked: field === value.sort,
            onClick: () => field !== value.sort && onChange({ ...value, sort: field }),
          })),
        ]}
        target={
          <Button
            size="xs"
            variant="default"
            w={140}
            justify="space-between"
            rightSection={<IconChevronDown size={14} />}
            aria-label={`${t.sort}: ${current}`}
            data-testid="sort-field"
          >
            {current}
          </Button>
        }
      />
      <Hint label={label}>
        <ActionIcon
          variant="default"
          aria-label={label}
          onClick={() => onChange({ ...value, order: value.order === 'asc' ? 'desc' : 'asc' })}
        >
          {value.order === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
        </ActionIcon>
      </Hint>
    </>
  );
}

// The menu's controls (segmented controls, a switch) load when it is first pointed at or opened.
const gridSettingsPanel = lazyPrefetched(
  async () => (await import('./grid-settings-panel')).GridSettingsPanel,
);
const GridSettingsPanel = gridSettingsPanel.Component;
const prefetchPanel = () => void gridSettingsPanel.prefetch().catch(() => undefined);

export function GridSettingsMenu({
  value,
  onChange,
}: {
  value: GridSettings;
  onChange: (next: GridSettings) => void;
}) {
  return (
    <ActionMenu
      width={240}
      keepOpenOnClick
      content={
        <OnDemand when>
          <GridSettingsPanel value={value} onChange={onChange} />
        </OnDemand>
      }
      target={
        <Hint label={t.gridSettings}>
          <ActionIcon
            variant="default"
            aria-label={t.gridSettings}
            onPointerEnter={prefetchPanel}
            onFocus={prefetchPanel}
          >
            <IconAdjustmentsHorizontal size={16} />
          </ActionIcon>
        </Hint>
      }
    />
  );
}

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (next: ViewMode) => void }) {
  const modes = [
    { mode: 'grid' as const, label: t.gridView, Icon: IconLayoutGrid },
    { mode: 'list' as const, label: t.listView, Icon: IconList },
  ];
  return (
    <ActionIcon.Group>
      {modes.map(({ mode, label, Icon }) => (
        <Hint key={mode} label={label}>
          <ActionIcon
            variant={value === mode ? 'light' : 'default'}
            aria-label={label}
            aria-pressed={value === mode}
            onClick={() => onChange(mode)}
          >
            <Icon size={16} />
          </ActionIcon>
        </Hint>
      ))}
    </ActionIcon.Group>
  );
}
