import { assetSortFields } from '@hookline/contract';
import { ActionIcon, Menu, SegmentedControl, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconLayoutGrid,
  IconList,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { webTexts } from '@/config/texts';
import type { SortState } from '../api/keys';
import { type GridSettings, gridSizes, thumbnailModes, type ViewMode } from '../hooks/use-view-prefs';

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
          <ActionIcon variant="default" aria-label={t.gridSettings}>
            <IconAdjustmentsHorizontal size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {t.size}
            </Text>
            <SegmentedControl
              size="xs"
              fullWidth
              value={value.size}
              onChange={(size) => onChange({ ...value, size: size as GridSettings['size'] })}
              data={gridSizes.map((size) => ({ value: size, label: t.sizes[size] }))}
            />
          </div>
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {t.thumbnail}
            </Text>
            <SegmentedControl
              size="xs"
              fullWidth
              value={value.thumbnail}
              onChange={(thumbnail) =>
                onChange({ ...value, thumbnail: thumbnail as GridSettings['thumbnail'] })
              }
              data={thumbnailModes.map((mode) => ({ value: mode, label: t.thumbnails[mode] }))}
            />
          </div>
          <Switch
            size="xs"
            label={t.showAssetDetails}
            checked={value.showAssetDetails}
            onChange={(e) => onChange({ ...value, showAssetDetails: e.currentTarget.checked })}
          />
        </Stack>
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
