import { interpolate, uploadMessages } from '@hookline/contract';
import { Button, Loader, Progress } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Hint } from '@/components/hint';
import { libraryTexts } from '@/config/texts/library';
import { useActiveBrand } from '@/entities/brand';
import type { AssetItem, BrandScope } from '../../api/keys';
import { useUploader, useUploadProgress } from '../uploads-context';
import classes from './uploads.module.css';

const t = libraryTexts.uploads;

/** Whether an item is still on its way in (it shows a status instead of its preview). */
export const showsUploadStatus = (asset: Pick<AssetItem, 'uploadingState'>) =>
  asset.uploadingState === 'UPLOADING' ||
  asset.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL' ||
  asset.uploadingState === 'FAILED_TO_UPLOAD';

/** The actions an item allows: none while uploading; a failed upload can only be deleted. */
export function allowedHandlers<H extends { onDelete?: unknown }>(asset: AssetItem, handlers: H): Partial<H> {
  if (asset.uploadingState === 'FAILED_TO_UPLOAD') return { onDelete: handlers.onDelete } as Partial<H>;
  if (asset.uploadingState === 'UPLOADING') return {};
  return handlers;
}

/**
 * An item's upload state on its card (overlay) or row (inline): progress while uploading,
 * processing while previews are made, and for failures 'Try again' when retryable, else
 * 'Unsupported format' with the reason (000 §4 "Upload").
 */
export function UploadStatus({ asset, variant }: { asset: AssetItem; variant: 'overlay' | 'inline' }) {
  const brand = useActiveBrand();
  const scope = useMemo<BrandScope>(() => ({ accountId: brand.accountId, brandId: brand.id }), [brand]);
  const progress = useUploadProgress(scope, asset.id);
  const uploader = useUploader();
  const [retrying, setRetrying] = useState(false);
  const className = variant === 'overlay' ? classes.status : classes.inline;

  if (asset.uploadingState === 'UPLOADING') {
    const percent = Math.floor((progress ?? 0) * 100);
    return (
      <div className={className} data-testid="upload-status" data-state="uploading">
        <span>{interpolate(t.uploading, { percent })}</span>
        {variant === 'overlay' && <Progress value={percent} size="xs" w="80%" aria-label={`${percent}%`} />}
      </div>
    );
  }
  if (asset.uploadingState === 'UPLOADED_GENERATING_THUMBNAIL') {
    return (
      <div className={className} data-testid="upload-status" data-state="processing">
        <Loader size="xs" />
        <span>{t.processing}</span>
      </div>
    );
  }
  if (asset.uploadingState === 'FAILED_TO_UPLOAD') {
    return (
      <div className={className} data-testid="upload-status" data-state="failed" data-failed>
        {asset.canRetry ? (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            loading={retrying}
            onClick={(event) => {
              event.stopPropagation();
              setRetrying(true);
              void uploader.retry(scope, asset.id).finally(() => setRetrying(false));
            }}
          >
            {uploadMessages.tryAgain}
          </Button>
        ) : (
          <Hint label={asset.failureReason ?? uploadMessages.unsupportedFormat} multiline>
            <span className={classes.inline} data-failed>
              <IconAlertTriangle size={14} />
              {uploadMessages.unsupportedFormat}
            </span>
          </Hint>
        )}
      </div>
    );
  }
  return null;
}
