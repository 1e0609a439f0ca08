import { analyticsTextOperators, type DynamicAdNameGroup, interpolate } from '@hookline/contract';
import { ActionIcon, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { analyticsTexts as t } from '@/config/texts/analytics';

type Operator = (typeof analyticsTextOperators)[number];
const operatorOptions = analyticsTextOperators.map((value) => ({ value, label: t.dynamic.operators[value] }));
const emptyCondition = (): DynamicAdNameGroup['conditions'][number] => ({ operator: 'CONTAINS', value: '' });
const emptyGroup = (): DynamicAdNameGroup => ({ label: '', conditions: [emptyCondition()] });

/**
 * The dynamic group-by modal (001 §2): groups of name conditions (contains, does not contain,
 * equals), each needing a value; removing a group's last condition leaves one empty condition.
 */
export function DynamicGroupsModal({
  opened,
  initial,
  onClose,
  onApply,
}: {
  opened: boolean;
  initial: DynamicAdNameGroup[] | undefined;
  onClose: () => void;
  onApply: (groups: DynamicAdNameGroup[]) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.dynamic.title} size="lg" data-testid="dynamic-groups">
      {/* Mounted per opening: it starts from the applied groups each time. */}
      {opened && <DynamicGroupsForm initial={initial} onCancel={onClose} onApply={onApply} />}
    </Modal>
  );
}

function DynamicGroupsForm({
  initial,
  onCancel,
  onApply,
}: {
  initial: DynamicAdNameGroup[] | undefined;
  onCancel: () => void;
  onApply: (groups: DynamicAdNameGroup[]) => void;
}) {
  const [groups, setGroups] = useState<DynamicAdNameGroup[]>(() =>
    initial?.length ? structuredClone(initial) : [emptyGroup()],
  );
  const [submitted, setSubmitted] = useState(false);

  const update = (index: number, change: (group: DynamicAdNameGroup) => DynamicAdNameGroup) =>
    setGroups((current) => current.map((group, i) => (i === index ? change(group) : group)));
  const setCondition = (g: number, c: number, patch: Partial<DynamicAdNameGroup['conditions'][number]>) =>
    update(g, (group) => ({
      ...group,
      conditions: group.conditions.map((condition, i) => (i === c ? { ...condition, ...patch } : condition)),
    }));
  const removeCondition = (g: number, c: number) =>
    update(g, (group) => {
      const conditions = group.conditions.filter((_, i) => i !== c);
      return { ...group, conditions: conditions.length > 0 ? conditions : [emptyCondition()] };
    });

  const valid = groups.every(
    (group) =>
      group.label.trim() !== '' && group.conditions.every((condition) => condition.value.trim() !== ''),
  );
  const submit = () => {
    setSubmitted(true);
    if (!valid) return;
    onApply(
      groups.map((group) => ({
        label: group.label.trim(),
        conditions: group.conditions.map((condition) => ({ ...condition, value: condition.value.trim() })),
      })),
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.dynamic.intro}
        </Text>
        {groups.map((group, g) => (
          // Groups have no id of their own; their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Paper key={g} withBorder p="sm" radius="md" data-testid="dynamic-group">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  label={interpolate(t.dynamic.group, { n: g + 1 })}
                  placeholder={t.dynamic.labelPlaceholder}
                  value={group.label}
                  maxLength={100}
                  onChange={(event) => {
                    const label = event.currentTarget.value;
                    update(g, (current) => ({ ...current, label }));
                  }}
                  error={submitted && group.label.trim() === '' ? t.dynamic.labelRequired : undefined}
                  data-testid="dynamic-label"
                />
                {groups.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    aria-label={t.dynamic.removeGroup}
                    onClick={() => setGroups((current) => current.filter((_, i) => i !== g))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              {group.conditions.map((condition, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place.
                <Group key={c} gap="xs" align="flex-start" wrap="nowrap" data-testid="dynamic-condition">
                  <Select
                    w={170}
                    aria-label={t.dynamic.operator}
                    data={operatorOptions}
                    value={condition.operator}
                    allowDeselect={false}
                    onChange={(value) => value && setCondition(g, c, { operator: value as Operator })}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={t.dynamic.value}
                    placeholder={t.dynamic.value}
                    value={condition.value}
                    maxLength={300}
                    onChange={(event) => setCondition(g, c, { value: event.currentTarget.value })}
                    error={submitted && condition.value.trim() === '' ? t.dynamic.valueRequired : undefined}
                    data-testid="dynamic-value"
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={t.dynamic.removeCondition}
                    onClick={() => removeCondition(g, c)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                style={{ alignSelf: 'flex-start' }}
                disabled={group.conditions.length >= 10}
                onClick={() =>
                  update(g, (current) => ({
                    ...current,
                    conditions: [...current.conditions, emptyCondition()],
                  }))
                }
              >
                {t.dynamic.addCondition}
              </Button>
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPlus size={14} />}
            disabled={groups.length >= 20}
            onClick={() => setGroups((current) => [...current, emptyGroup()])}
          >
            {t.dynamic.addGroup}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t.dynamic.cancel}
            </Button>
            <Button type="submit" data-testid="dynamic-apply">
              {t.dynamic.apply}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
