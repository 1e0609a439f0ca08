import { EDITABLE_DOCUMENT_MAX_BYTES, formatBytes, interpolate } from '@hookline/contract';
import { IconFileAlert, IconFileOff } from '@tabler/icons-react';
import { playerTexts } from '@/config/texts/player';
import type { AssetItem, BrandScope } from '../api/keys';
import { DocumentSheet } from './document-sheet';
import { DownloadButton } from './download-button';
import classes from './player.module.css';
import { documentFormat, isTooLargeToEdit } from './player-media';
import { StageMessage } from './stage-message';
import { UnsupportedStage } from './unsupported-stage';

const t = playerTexts.player;

/**
 * Documents: PDFs in the browser's own viewer; txt and csv as text or a table (editable with
 * write access, up to 1.2 MB, 000 §9); Word and Excel files are offered as a download.
 */
export function DocumentStage({
  scope,
  asset,
  canEdit,
}: {
  scope: BrandScope;
  asset: AssetItem;
  canEdit: boolean;
}) {
  const format = documentFormat(asset);
  if (format === 'other') return <UnsupportedStage scope={scope} asset={asset} />;
  if (!asset.url) {
    return (
      <StageMessage
        icon={<IconFileOff size={32} stroke={1.5} />}
        title={t.fileUnavailable}
        testId="stage-error"
      />
    );
  }
  if (format === 'pdf') {
    return <iframe src={asset.url} title={asset.name} className={classes.frame} data-testid="pdf-stage" />;
  }
  if (isTooLargeToEdit(asset.size)) {
    return (
      <StageMessage
        icon={<IconFileAlert size={32} stroke={1.5} />}
        title={t.tooLargeTitle}
        text={interpolate(t.tooLargeText, { limit: formatBytes(EDITABLE_DOCUMENT_MAX_BYTES) })}
        action={<DownloadButton scope={scope} assetId={asset.id} />}
        testId="document-too-large"
      />
    );
  }
  return <DocumentSheet key={asset.id} scope={scope} asset={asset} format={format} canEdit={canEdit} />;
}
