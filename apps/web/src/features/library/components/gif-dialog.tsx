import {
  GIF_DEFAULT_FRAME_RATE,
  GIF_DEFAULT_LOOP,
  GIF_DEFAULT_RANGE_MS,
  GIF_FRAME_RATES,
  interpolate,
  sanitizeDownloadName,
} from '@hookline/contract';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconGif } from '@tabler/icons-react';
import { useState } from 'react';
import { gifTexts } from '@/config/texts/gif';
import type { AssetItem, BrandScope } from '@/entities/asset/api/keys';
import { isApiError } from '@/lib/api-client';
import { type GifFrameRate, useCreateGif } from '../api/create-gif';
import {
  canGenerateGif,
  formatGifTime,
  GIF_MAX_DURATION_MS,
  GIF_TIME_FORMAT,
  gifRangeProblem,
  maskGifTime,
  normalizeGifTime,
  parseGifTime,
} from '../utils/gif-time';
import { splitExtension } from '../utils/names';

const t = gifTexts;

/** The Create GIF dialog for a video (000 §4 "GIF dialog"); `asset` null keeps it closed. */
export function GifDialog({
  scope,
  asset,
  onClose,
}: {
  scope: BrandScope;
  asset: AssetItem | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={asset !== null} onClose={onClose} title={t.title} centered size="lg">
      {asset && <GifForm key={asset.id} scope={scope} asset={asset} />}
    </Modal>
  );
}

function GifForm({ scope, asset }: { scope: BrandScope; asset: AssetItem }) {
  const [start, setStart] = useState(() => formatGifTime(GIF_DEFAULT_RANGE_MS.start));
  const [end, setEnd] = useState(() => formatGifTime(GIF_DEFAULT_RANGE_MS.end));
  const [frameRate, setFrameRate] = useState<GifFrameRate>(String(GIF_DEFAULT_FRAME_RATE) as GifFrameRate);
  const [loop, setLoop] = useState<boolean>(GIF_DEFAULT_LOOP);
  const [imageFailed, setImageFailed] = useState(false);
  const gif = useCreateGif(scope);

  const startMs = parseGifTime(start);
  const endMs = parseGifTime(end);
  const problem = startMs !== null && endMs !== null ? gifRangeProblem(startMs, endMs) : null;
  const rangeError =
    problem === 'order'
      ? t.invalidTime
      : problem === 'tooLong'
        ? interpolate(t.tooLong, { seconds: GIF_MAX_DURATION_MS / 1000 })
        : null;
  const generating = gif.isPending;
  const url = gif.isSuccess && !imageFailed ? gif.data : undefined;
  const failed = gif.isError || (gif.isSuccess && imageFailed);
  const serverMessage = gif.isError && isApiError(gif.error) ? gif.error.body?.message : undefined;
  const fileName = sanitizeDownloadName(`${splitExtension(asset.name).base}.gif`);

  const generate = () => {
    if (startMs === null || endMs === null || !canGenerateGif(startMs, endMs) || generating) return;
    setImageFailed(false);
    gif.mutate({ id: asset.id, framesPerSec: frameRate, timeStart: startMs, timeEnd: endMs, isLoop: loop });
  };

  return (
    <Stack gap="md" data-testid="gif-dialog">
      <Center
        h={280}
        bg="dark.7"
        c="gray.3"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        data-testid="gif-stage"
        data-state={generating ? 'generating' : failed ? 'error' : url ? 'generated' : 'idle'}
      >
        {generating ? (
          <Stack align="center" gap="xs" role="status">
            <Loader color="gray.3" data-testid="gif-spinner" />
            <Text size="sm">{t.generating}</Text>
          </Stack>
        ) : failed ? (
          <Stack align="center" gap={4} px="md" role="alert">
            <Text size="sm" c="red.4" fw={500}>
              {t.error}
            </Text>
            {serverMessage && (
              <Text size="xs" c="gray.4" ta="center">
                {serverMessage}
              </Text>
            )}
          </Stack>
        ) : url ? (
          <img
            src={url}
            alt={interpolate(t.preview, { name: asset.name })}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <Stack align="center" gap="xs" px="md">
            <IconGif size={36} stroke={1.5} />
            <Text size="sm" ta="center">
              {t.idle}
            </Text>
          </Stack>
        )}
      </Center>

      <Group grow align="flex-start">
        <TextInput
          label={t.start}
          placeholder={GIF_TIME_FORMAT}
          description={t.timeHint}
          inputMode="numeric"
          autoComplete="off"
          value={start}
          onChange={(event) => setStart(maskGifTime(event.currentTarget.value))}
          onBlur={() => setStart((value) => normalizeGifTime(value))}
          error={rangeError ? true : undefined}
          data-testid="gif-start"
          data-autofocus
        />
        <TextInput
          label={t.end}
          placeholder={GIF_TIME_FORMAT}
          description={t.timeHint}
          inputMode="numeric"
          autoComplete="off"
          value={end}
          onChange={(event) => setEnd(maskGifTime(event.currentTarget.value))}
          onBlur={() => setEnd((value) => normalizeGifTime(value))}
          error={rangeError}
          data-testid="gif-end"
        />
      </Group>

      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="gif-frame-rate-label">
            {t.frameRate}
          </Text>
          <SegmentedControl
            aria-labelledby="gif-frame-rate-label"
            value={frameRate}
            onChange={(value) => setFrameRate(value as GifFrameRate)}
            data={GIF_FRAME_RATES.map((rate) => ({
              value: String(rate),
              label: interpolate(t.fps, { value: rate }),
            }))}
          />
        </Stack>
        <Switch label={t.loop} checked={loop} onChange={(event) => setLoop(event.currentTarget.checked)} />
      </Group>

      <Group justify="flex-end" gap="xs">
        {url && !generating ? (
          <Button
            component="a"
            href={url}
            download={fileName}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconDownload size={14} />}
          >
            {t.download}
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconDownload size={14} />} disabled>
            {t.download}
          </Button>
        )}
        <Button
          onClick={generate}
          loading={generating}
          disabled={!canGenerateGif(startMs, endMs)}
          data-testid="gif-generate"
        >
          {t.generate}
        </Button>
      </Group>
    </Stack>
  );
}
