import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { libraryTexts } from '@/config/texts/library';
import { type GridSettings, gridSizes, thumbnailModes } from '../hooks/use-view-prefs';

const t = libraryTexts.library;

/** The grid settings menu's controls (view-controls.tsx loads them on demand). */
export function GridSettingsPanel({
  value,
  onChange,
}: {
  value: GridSettings;
  onChange: (next: GridSettings) => void;
}) {
  return (
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
          onChange={(thumbnail) => onChange({ ...value, thumbnail: thumbnail as GridSettings['thumbnail'] })}
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
  );
}
