import { formatBytes, formatDate } from '@hookline/contract';
import { Text } from '@mantine/core';
import { webTexts } from '@/config/texts';
import { fullName } from '@/entities/profile';
import type { AssetItem } from '../api/keys';
import { mediaInfoRows } from './player-media';

const t = webTexts.library;

/** The info tab: the item's details and what probing found (each only when known). */
export function AssetInfo({ asset }: { asset: AssetItem }) {
  const rows: Array<[string, string]> = [
    [t.name, asset.name],
    [t.type, t.types[asset.type]],
    ...(asset.contentType ? [[webTexts.player.info.contentType, asset.contentType] as [string, string]] : []),
    [t.size, formatBytes(asset.size)],
    ...mediaInfoRows(asset.metadata, asset.length),
    [t.created, formatDate(asset.createdAt)],
    [t.creator, asset.creator ? fullName(asset.creator) : '—'],
    [t.description, asset.description || t.noDescription],
  ];
  return (
    <dl style={{ margin: 0 }} data-testid="player-info">
      {rows.map(([label, value]) => (
        <div key={label} style={{ marginBottom: 12 }}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            style={{ wordBreak: 'break-word', fontVariantNumeric: 'tabular-nums' }}
          >
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
