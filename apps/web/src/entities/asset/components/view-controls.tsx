import { assetSortFields } from '@hookline/contract';
import { ActionIcon, Menu, Select, Tooltip } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
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

export function SortControl({ value, onChange }: { value: SortState; onChange: (next: SortState) => void }) {
  const label = value.order === 'asc' ? t.ascending : t.descending;
  return (
    <>
      <Select
        size="xs"
        w={140}
        aria-label={t.sort}
        data={assetSortFields.map((field) => ({ value: field, label: t.sortFields[field] }))}
        value={value.sort}
        allowDeselect={false}
        onChange={(sort) => sort && onChange({ ...value, sort: sort as SortState['sort'] })}
        comboboxProps={{ withinPortal: true }}
      />
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
