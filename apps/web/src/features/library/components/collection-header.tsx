import { Group, Text, Title } from '@mantine/core';
import { GridSettingsMenu, ViewToggle } from '@/entities/asset/components/view-controls';
import type { GridSettings, ViewMode } from '@/entities/asset/hooks/use-view-prefs';
import classes from './library.module.css';

/**
 * The header of a page listing items from across folders (starred, shared with me): its
 * title with the count once known, grid settings in grid mode and the grid/list toggle.
 */
export function CollectionHeader({
  title,
  count,
  countTestId,
  viewMode,
  onViewMode,
  settings,
  onSettings,
}: {
  title: string;
  /** The count's words; nothing while the list loads. */
  count: string | null;
  countTestId: string;
  viewMode: ViewMode;
  onViewMode: (mode: ViewMode) => void;
  settings: GridSettings;
  onSettings: (settings: GridSettings) => void;
}) {
  return (
    <header className={classes.header}>
      <Group gap="xs" align="baseline">
        <Title order={1} size="h3" fw={600} data-testid="page-title">
          {title}
        </Title>
        {count !== null && (
          <Text c="dimmed" size="sm" data-testid={countTestId} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {count}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {viewMode === 'grid' && <GridSettingsMenu value={settings} onChange={onSettings} />}
        <ViewToggle value={viewMode} onChange={onViewMode} />
      </Group>
    </header>
  );
}
