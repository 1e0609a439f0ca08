import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { playerTexts } from '@/config/texts/player';
import { useDownloadAsset } from '../api/download';
import type { BrandScope } from '../api/keys';

/** Downloads the original file (a failure shows the API client's error toast). */
export function DownloadButton({
  scope,
  assetId,
  ...props
}: { scope: BrandScope; assetId: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const download = useDownloadAsset(scope);
  return (
    <Button
      leftSection={<IconDownload size={16} />}
      {...props}
      loading={download.isPending}
      onClick={() => download.mutate(assetId)}
    >
      {playerTexts.player.download}
    </Button>
  );
}
