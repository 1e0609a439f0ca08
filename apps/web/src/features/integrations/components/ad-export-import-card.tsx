import {
  AD_EXPORT_CONTENT_TYPES,
  AD_EXPORT_MAX_BYTES,
  type AdExportImportResult,
  errorMessages,
  interpolate,
  type Job,
} from '@hookline/contract';
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { integrationsTexts } from '@/config/texts/integrations';
import type { IntegrationScope } from '@/entities/integration/api';
import { followJob } from '@/entities/integration/follow-job';
import { isApiError } from '@/lib/api-client';
import { useImportAdExport } from '../api/import-ad-export';

const t = integrationsTexts.adExport;

const ACCEPT = ['.csv', '.xlsx', ...AD_EXPORT_CONTENT_TYPES].join(',');
const SKIPPED_SHOWN = 5;

function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return t.wrongType;
  if (file.size > AD_EXPORT_MAX_BYTES) return t.tooLarge;
  return null;
}

function messageOf(error: unknown): string {
  return isApiError(error) ? (error.body?.message ?? error.message) : errorMessages.content;
}

/**
 * Import an Ads Manager export (admins): a CSV or XLSX of daily rows, up to 50 MB, sent as
 * the request body; the import job is followed to its result (rows read, imported, the
 * skipped ones with their line and reason). Failures show the server's message here.
 */
export function AdExportImportCard({ scope }: { scope: IntegrationScope }) {
  const upload = useImportAdExport();
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [result, setResult] = useState<AdExportImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (picked: File | null) => {
    if (!picked) return;
    controller.current?.abort();
    const run = new AbortController();
    controller.current = run;
    setFile(picked);
    setResult(null);
    setJob(null);
    const invalid = fileProblem(picked);
    setProblem(invalid);
    if (invalid) return;
    try {
      const started = await upload.mutateAsync({ scope, file: picked });
      if (run.signal.aborted) return;
      setJob(started);
      const outcome = await followJob(started, {
        signal: run.signal,
        onUpdate: setJob,
      });
      if (outcome === 'STOPPED') return;
      if (outcome === 'ERROR') setProblem(errorMessages.content);
      else if (outcome.status === 'FINISHED') setResult(outcome.result as AdExportImportResult);
      else if (outcome.status === 'FAILED') setProblem(outcome.error || errorMessages.content);
      setJob(null);
    } catch (error) {
      if (!run.signal.aborted) setProblem(messageOf(error));
      setJob(null);
    }
  };

  const running = upload.isPending || job !== null;
  const percent = job?.progress?.percent;

  return (
    <Card withBorder radius="md" data-testid="ad-export-import">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <div>
          <Title order={3} size="h5">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed" maw={560}>
            {t.text}
          </Text>
        </div>
        <FileButton onChange={(picked) => void start(picked)} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} stroke={1.75} />}
              loading={running}
            >
              {t.choose}
            </Button>
          )}
        </FileButton>
      </Group>

      {running && file && (
        <Stack gap={6} mt="md" role="status">
          <Text size="sm">{interpolate(t.importing, { name: file.name })}</Text>
          <Progress value={percent ?? 100} animated striped={percent === undefined} size="sm" />
        </Stack>
      )}

      {problem && (
        <Alert
          mt="md"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          data-testid="import-error"
        >
          {problem}
        </Alert>
      )}

      {result && file && (
        <Stack gap="xs" mt="md" data-testid="import-result">
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck
              size={16}
              stroke={1.75}
              color="var(--mantine-color-teal-7)"
              style={{ flexShrink: 0 }}
              aria-hidden
            />
            <Text size="sm" fw={500}>
              {interpolate(t.done, { name: file.name })}
            </Text>
          </Group>
          {/* Three figures side by side, not spread over the card's whole width. */}
          <SimpleGrid cols={3} spacing="xs" maw={420} style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Figure label={t.rowsRead} value={result.rowsRead} />
            <Figure label={t.imported} value={result.imported} />
            <Figure label={t.skipped} value={result.skipped.length} />
          </SimpleGrid>
          {result.skipped.length > 0 && (
            <List size="sm" spacing={2}>
              {result.skipped.slice(0, SKIPPED_SHOWN).map((row) => (
                <List.Item key={`${row.line}:${row.reason}`}>
                  {interpolate(t.skippedLine, { line: row.line, reason: row.reason })}
                </List.Item>
              ))}
              {result.skipped.length > SKIPPED_SHOWN && (
                <List.Item>
                  {interpolate(t.moreSkipped, { count: result.skipped.length - SKIPPED_SHOWN })}
                </List.Item>
              )}
            </List>
          )}
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value.toLocaleString('en-US')}
      </Text>
    </div>
  );
}
