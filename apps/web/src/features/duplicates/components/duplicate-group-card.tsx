import type { Asset, DuplicateGroup } from '@hookline/contract';
import { Badge, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { duplicatesTexts as t } from '@/config/texts/duplicates';
import { duplicateText } from '@/entities/asset/api/duplicates';
import { assetDetails } from '@/entities/asset/components/asset-card';
import { AssetTypeIcon } from '@/entities/asset/components/asset-icon';
import { buildLink } from '@/lib/link-builder';
import classes from './duplicates.module.css';

/** One group: the original and its duplicates side by side, each with 'Keep this one'; 'Not duplicates' for the group. */
export function DuplicateGroupCard({
  group,
  busy,
  canEdit,
  onKeep,
  onNotDuplicates,
}: {
  group: DuplicateGroup;
  /** An action on this group is under way: its buttons wait. */
  busy: boolean;
  canEdit: boolean;
  onKeep: (group: DuplicateGroup, keep: Asset) => void;
  onNotDuplicates: (group: DuplicateGroup) => void;
}) {
  return (
    <section className={classes.group} aria-label={group.original.name} data-testid="duplicate-group">
      <div className={classes.groupHeader}>
        <Text size="sm" fw={600} truncate>
          {group.original.name}
        </Text>
        {canEdit && (
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={() => onNotDuplicates(group)}
            data-testid="not-duplicates"
          >
            {t.notDuplicates}
          </Button>
        )}
      </div>
      <div className={classes.files}>
        <DuplicateFile asset={group.original} original>
          {canEdit && (
            <KeepButton
              asset={group.original}
              disabled={busy}
              onClick={() => onKeep(group, group.original)}
            />
          )}
        </DuplicateFile>
        {group.duplicates.map((duplicate) => (
          <DuplicateFile key={duplicate.id} asset={duplicate}>
            {canEdit && (
              <KeepButton asset={duplicate} disabled={busy} onClick={() => onKeep(group, duplicate)} />
            )}
          </DuplicateFile>
        ))}
      </div>
    </section>
  );
}

function KeepButton({ asset, disabled, onClick }: { asset: Asset; disabled: boolean; onClick: () => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      disabled={disabled}
      onClick={onClick}
      aria-label={`${t.keepThis}: ${asset.name}`}
      data-testid="keep-this"
    >
      {t.keepThis}
    </Button>
  );
}

/** A file of a group: thumbnail, name (opens it in the library), size and date, and what it matches. */
function DuplicateFile({
  asset,
  original = false,
  children,
}: {
  asset: Asset;
  original?: boolean;
  children?: ReactNode;
}) {
  const { search } = useLocation();
  const href = buildLink(paths.library.getHref(asset.parentId ?? 'root', asset.id), {}, search);
  return (
    <article
      className={classes.file}
      aria-label={asset.name}
      data-testid="duplicate-file"
      data-asset-id={asset.id}
      data-original={original || undefined}
    >
      <div className={classes.thumb}>
        {asset.previewURL ? (
          <img src={asset.previewURL} alt="" loading="lazy" draggable={false} />
        ) : (
          <AssetTypeIcon type={asset.type} size={48} />
        )}
        {original && (
          <Badge className={classes.thumbBadge} size="sm" variant="filled" color="dark" tt="none">
            {t.original}
          </Badge>
        )}
      </div>
      <Link className={classes.name} to={href} title={asset.name}>
        {asset.name}
      </Link>
      <div className={classes.details}>{assetDetails(asset)}</div>
      {asset.duplicateOf && (
        <div className={classes.match} data-testid="duplicate-match">
          {duplicateText(asset.duplicateOf)}
        </div>
      )}
      {children && <div className={classes.actions}>{children}</div>}
    </article>
  );
}
