import {
  formatMoney,
  interpolate,
  type NamingConvention,
  type NamingSample,
  namingConventionMessages,
  namingFieldTitle,
  parseAdName,
} from '@hookline/contract';
import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconListDetails } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmptyState } from '@/components/empty-state';
import { namingConventionTexts as t } from '@/config/texts/naming-convention';

/**
 * The live preview: the sample names split by the draft convention with the parser the server
 * uses, each field's part in its column; names that do not fit are red with the reason.
 */
export function NamingPreview({
  sample,
  convention,
}: {
  sample: NamingSample[];
  convention: NamingConvention;
}) {
  const rows = useMemo(
    () => sample.map((s) => ({ sample: s, parsed: parseAdName(s.name, convention) })),
    [sample, convention],
  );
  const fits = rows.filter((r) => r.parsed.misfit === null).length;

  return (
    <Stack gap="xs" data-testid="naming-preview">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={4}>{t.preview}</Title>
          <Text size="sm" c="dimmed">
            {t.previewIntro}
          </Text>
        </div>
        {rows.length > 0 && convention.fields.length > 0 && (
          <Text size="sm" data-testid="naming-fit-count">
            {interpolate(t.fitCount, { fit: fits, total: rows.length })}
          </Text>
        )}
      </Group>
      {rows.length === 0 ? (
        <EmptyState icon={<IconListDetails size={28} />} title={namingConventionMessages.noSample} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped={false} withTableBorder fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.adName}</Table.Th>
                {convention.fields.map((f) => (
                  <Table.Th key={`${f.position}:${f.name}`}>{namingFieldTitle(f)}</Table.Th>
                ))}
                <Table.Th ta="right">{t.spend}</Table.Th>
                <Table.Th>{t.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ sample: s, parsed }) => {
                const misfit = convention.fields.length > 0 ? parsed.misfit : null;
                return (
                  <Table.Tr
                    key={s.name}
                    data-testid="naming-preview-row"
                    data-misfit={misfit ? 'true' : undefined}
                    bg={misfit ? 'var(--mantine-color-red-0)' : undefined}
                  >
                    <Table.Td style={{ wordBreak: 'break-all' }}>{s.name}</Table.Td>
                    {convention.fields.map((f) => (
                      <Table.Td key={`${f.position}:${f.name}`} c={misfit ? 'red.9' : undefined}>
                        {parsed.parts[f.position] || t.empty}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">{formatMoney(s.spend)}</Table.Td>
                    <Table.Td>
                      {misfit ? (
                        <Group gap={4} wrap="nowrap" c="red.9">
                          <IconAlertTriangle size={14} aria-hidden />
                          <Text size="xs" c="red.9" data-testid="naming-misfit">
                            {misfit}
                          </Text>
                        </Group>
                      ) : convention.fields.length > 0 ? (
                        // teal.9 reads at 5:1 on white; green.9 (4.4:1) is too light for small text.
                        <Group gap={4} wrap="nowrap" c="teal.9">
                          <IconCircleCheck size={14} aria-hidden />
                          <Text size="xs" c="teal.9">
                            {t.fits}
                          </Text>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
