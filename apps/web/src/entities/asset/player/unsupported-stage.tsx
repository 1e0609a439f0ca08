import { fileExtension, interpolate } from '@hookline/contract';
import { playerTexts } from '@/config/texts/player';
import type { AssetItem, BrandScope } from '../api/keys';
import { AssetTypeIcon } from '../components/asset-icon';
import { DownloadButton } from './download-button';
import { StageMessage } from './stage-message';

const t = playerTexts.player;

/** Files the browser cannot show (Word, Excel, design files): say so, and offer the download. */
export function UnsupportedStage({ scope, asset }: { scope: BrandScope; asset: AssetItem }) {
  const extension = fileExtension(asset.name);
  return (
    <StageMessage
      icon={<AssetTypeIcon type={asset.type} size={32} />}
      title={extension ? interpolate(t.previewNotSupported, { extension }) : t.previewNotSupportedNoExtension}
      text={t.downloadHint}
      action={<DownloadButton scope={scope} assetId={asset.id} />}
      testId="preview-unsupported"
    />
  );
}
