import { EDITABLE_DOCUMENT_MAX_BYTES, formatBytes, interpolate } from '@hookline/contract';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconFileText, IconTable } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Hint } from '@/components/hint';
import { playerTexts } from '@/config/texts/player';
import { LeaveGuard } from '@/hooks/use-leave-guard';
import { showSuccessToast } from '@/lib/notify';
import { useDocumentText } from '../api/get-document-text';
import type { AssetItem, BrandScope } from '../api/keys';
import { useUpdateContent } from '../api/update-content';
import { parseCsv } from './csv';
import { CsvPreview } from './csv-preview';
import { DownloadButton } from './download-button';
import classes from './player.module.css';
import { utf8Bytes } from './player-media';
import { TextPreview } from './text-preview';

const t = playerTexts.player;
const limit = formatBytes(EDITABLE_DOCUMENT_MAX_BYTES);

export interface DocumentSheetProps {
  scope: BrandScope;
  asset: AssetItem;
  format: 'text' | 'csv';
  canEdit: boolean;
}

/**
 * A txt or csv document (up to 1.2 MB) on a sheet: the text, or the CSV as a table; users with
 * write access edit the raw text and save it (PUT …/content). A file that cannot be read shows
 * 'settings.assets.previewLoadError' (000 §8).
 */
export function DocumentSheet({ scope, asset, format, canEdit }: DocumentSheetProps) {
  const text = useDocumentText(scope, asset.id, asset.url);
  const save = useUpdateContent(scope);
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const dirty = editing && draft !== text.data;
  const draftBytes = useMemo(() => (draft === null ? 0 : utf8Bytes(draft)), [draft]);
  const draftTooLarge = draftBytes > EDITABLE_DOCUMENT_MAX_BYTES;
  const rows = useMemo(
    () => (format === 'csv' && text.data !== undefined ? parseCsv(text.data) : null),
    [format, text.data],
  );

  const submit = () => {
    if (draft === null || !dirty || draftTooLarge) return Promise.resolve();
    return save.mutateAsync({ id: asset.id, content: draft }).then(() => {
      setDraft(null);
      showSuccessToast(t.saved);
    });
  };

  const Icon = format === 'csv' ? IconTable : IconFileText;
  const summary =
    rows && rows.length > 1
      ? rows.length === 2
        ? t.row
        : interpolate(t.rows, { count: (rows.length - 1).toLocaleString('en-US') })
      : formatBytes(asset.size);

  return (
    <div className={classes.sheet} data-testid="document-sheet">
      <div className={classes.sheetBar}>
        <Icon size={18} stroke={1.6} color="var(--mantine-color-gray-6)" aria-hidden />
        <Badge variant="light" color="gray" radius="sm" size="sm">
          {format === 'csv' ? 'CSV' : 'TXT'}
        </Badge>
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }} truncate>
          {editing ? (format === 'csv' ? t.csvEditorHint : t.editHint) : text.isSuccess ? summary : ''}
        </Text>
        {editing ? (
          <Group gap="xs" wrap="nowrap">
            {draftTooLarge && (
              <Text size="xs" c="red.7" role="alert">
                {interpolate(t.draftTooLarge, { limit })}
              </Text>
            )}
            <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
              {t.cancel}
            </Button>
            <Button
              onClick={() => void submit().catch(() => undefined)}
              loading={save.isPending}
              disabled={!dirty || draftTooLarge}
            >
              {t.save}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            {canEdit && text.isSuccess && (
              <Hint label={t.editHint}>
                <Button
                  variant="default"
                  leftSection={<IconEdit size={16} />}
                  onClick={() => setDraft(text.data)}
                >
                  {t.edit}
                </Button>
              </Hint>
            )}
            <DownloadButton scope={scope} assetId={asset.id} variant="default" />
          </Group>
        )}
      </div>

      {editing ? (
        <div className={classes.sheetBody} style={{ overflow: 'hidden' }}>
          <textarea
            className={classes.editor}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            aria-label={interpolate(t.editorLabel, { name: asset.name })}
            spellCheck={format === 'text'}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this text.
            autoFocus
            data-testid="document-editor"
          />
          <LeaveGuard when={dirty} onSave={submit} onDiscard={() => setDraft(null)} />
        </div>
      ) : text.isPending ? (
        <Stack gap={10} p="lg" data-testid="document-loading" aria-busy="true">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} height={12} width={`${60 + ((i * 37) % 40)}%`} />
          ))}
        </Stack>
      ) : text.isError ? (
        <div className={classes.sheetBody}>
          <Stack
            className={classes.sheetCenter}
            align="center"
            gap="sm"
            role="alert"
            data-testid="preview-error"
          >
            <IconAlertTriangle size={28} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            <Text size="sm">{t.previewLoadError}</Text>
            <Button variant="default" size="xs" onClick={() => void text.refetch()}>
              {t.retry}
            </Button>
          </Stack>
        </div>
      ) : text.data === '' ? (
        <div className={classes.sheetBody}>
          <Text className={classes.sheetCenter} size="sm" c="dimmed">
            {t.emptyDocument}
          </Text>
        </div>
      ) : rows ? (
        <CsvPreview rows={rows} label={asset.name} />
      ) : (
        <TextPreview text={text.data} label={asset.name} />
      )}
    </div>
  );
}
