import { assetSortFields } from '@hookline/contract';
import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconCheck,
  IconChevronDown,
  IconLayoutGrid,
  IconList,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { OnDemand } from '@/components/on-demand';
import { webTexts } from '@/config/texts';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import type { SortState } from '../api/keys';
import type { GridSettings, ViewMode } from '../hooks/use-view-prefs';

const t = webTexts.library;

/**
 * Sort field and order (000 §2): the field from a menu (a plain menu rather than a select: the
 * library's first load carries no combobox, issue 20), the order by its toggle.
 */
export function SortControl({ value, onChange }: { value: SortState; onChange: (next: SortState) => void }) {
  const label = value.order === 'asc' ? t.ascending : t.descending;
  const current = t.sortFields[value.sort];
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={160}>
        <Menu.Target>
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
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t.sort}</Menu.Label>
          {assetSortFields.map((field) => (
            <Menu.Item
              key={field}
              // Mantine's items are menuitems; the button's name says which field is current.
              data-checked={field === value.sort || undefined}
              rightSection={field === value.sort ? <IconCheck size={14} /> : null}
              onClick={() => field !== value.sort && onChange({ ...value, sort: field })}
            >
              {t.sortFields[field]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={label}>
        <ActionIcon
          variant="default"
          aria-label={label}
          onClick={() => onChange({ ...value, order: value.order === 'asc' ? 'desc' : 'asc' })}
        >
          {value.order === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
        </ActionIcon>
      </Tooltip>
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
    <Menu position="bottom-end" shadow="md" width={240} closeOnItemClick={false}>
      <Menu.Target>
        <Tooltip label={t.gridSettings}>
          <ActionIcon
            variant="default"
            aria-label={t.gridSettings}
            onPointerEnter={prefetchPanel}
            onFocus={prefetchPanel}
          >
            <IconAdjustmentsHorizontal size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <OnDemand when>
          <GridSettingsPanel value={value} onChange={onChange} />
        </OnDemand>
      </Menu.Dropdown>
    </Menu>
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
        <Tooltip key={mode} label={label}>
          <ActionIcon
            variant={value === mode ? 'light' : 'default'}
            aria-label={label}
            aria-pressed={value === mode}
            onClick={() => onChange(mode)}
          >
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
    </ActionIcon.Group>
  );
}
