import { formatBytes, formatDate } from '@hookline/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { analysisTexts } from '@/config/texts/analysis';
import { libraryTexts } from '@/config/texts/library';
import { playerTexts } from '@/config/texts/player';
import { brandsQueryOptions } from '@/entities/brand';
import { fullName, profileQueryOptions } from '@/entities/profile';
import type { AssetItem, BrandScope } from '../api/keys';
import { AssetFields } from './asset-fields';
import { mediaInfoRows } from './player-media';

const t = libraryTexts.library;

/**
 * Write access when the player does not say (the seeds' rule, as the tags page applies it: a
 * super user, or the item is in one of the user's own brands), from what the signed-in route
 * guard loaded; none without a session.
 */
function useWriteAccess(asset: AssetItem, canEdit: boolean | undefined): boolean {
  const brands = useQuery({ ...brandsQueryOptions(), enabled: false });
  const profile = useQuery({ ...profileQueryOptions(), enabled: false });
  if (canEdit !== undefined) return canEdit;
  return Boolean(profile.data?.isSuperUser || brands.data?.some((brand) => brand.id === asset.brandId));
}

/**
 * The info tab: the item's details and what probing found (each only when known), then its
 * custom field values, editable with write access (the player's `canEdit`).
 */
export function AssetInfo({
  asset,
  scope,
  canEdit,
}: {
  asset: AssetItem;
  /** The item's brand unless given. */
  scope?: BrandScope;
  canEdit?: boolean;
}) {
  const editable = useWriteAccess(asset, canEdit);
  const rows: Array<[string, string]> = [
    [t.name, asset.name],
    [t.type, t.types[asset.type]],
    ...(asset.contentType
      ? [[playerTexts.player.info.contentType, asset.contentType] as [string, string]]
      : []),
    [t.size, formatBytes(asset.size)],
    ...mediaInfoRows(asset.metadata, asset.length),
    [t.created, formatDate(asset.createdAt)],
    [t.creator, asset.creator ? fullName(asset.creator) : '—'],
    [t.description, asset.description || t.noDescription],
  ];
  return (
    <>
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
              {/* The description the AI analysis wrote, while no person has changed it. */}
              {label === t.description && asset.isAiDescription && asset.description && (
                <Text component="span" display="block" size="xs" c="dimmed" data-testid="ai-description">
                  {analysisTexts.aiDescription}
                </Text>
              )}
            </Text>
          </div>
        ))}
      </dl>
      {asset.type !== 'FOLDER' && (
        <AssetFields
          scope={scope ?? { accountId: asset.accountId, brandId: asset.brandId }}
          asset={asset}
          canEdit={editable}
        />
      )}
    </>
  );
}
