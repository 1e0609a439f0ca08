import { SHARE_LIMITS, type ShareAction, type ShareRecord, sharesMessages } from '@hookline/contract';
import {
  ActionIcon,
  CopyButton,
  Group,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { sharingTexts } from '@/config/texts/sharing';
import type { ShareWrites } from '../api';
import { parseInvites } from '../invites';

const t = sharingTexts.sharing;

/** People with access: role, removal, and the e-mail copied on click. */
export function PeopleSection({ record, writes }: { record: ShareRecord; writes: ShareWrites }) {
  const people = record.sharedWith;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t.peopleWithAccess}
      </Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noPeople}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={SHARE_LIMITS.peopleListMaxHeight} data-testid="people-with-access">
          <Stack gap={4}>
            {people.map((person) => (
              <Group
                key={person.shareTokenId}
                justify="space-between"
                wrap="nowrap"
                data-testid="shared-person"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {person.name || t.invitePending}
                  </Text>
                  <CopyButton value={person.email} timeout={SHARE_LIMITS.copiedMs}>
                    {({ copied, copy }) => (
                      <Tooltip label={sharesMessages.emailCopied} opened={copied} withArrow>
                        <UnstyledButton onClick={copy}>
                          <Text size="xs" c="dimmed" truncate>
                            {person.email}
                          </Text>
                        </UnstyledButton>
                      </Tooltip>
                    )}
                  </CopyButton>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Select
                    size="xs"
                    w={130}
                    value={person.action}
                    allowDeselect={false}
                    aria-label={`${person.email} role`}
                    data={[
                      { value: 'read', label: t.commenter },
                      { value: 'write', label: t.editor },
                    ]}
                    onChange={(value) =>
                      value &&
                      writes.update.mutate({
                        shareId: person.shareTokenId,
                        body: { action: value as ShareAction },
                      })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t.remove} ${person.email}`}
                    onClick={() => writes.remove.mutate(person.shareTokenId)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** 'Add people by e-mail': a valid entry (Enter, comma or Tab) opens the invite pane with it. */
export function AddPeopleInput({ known, onAdd }: { known: string[]; onAdd: (emails: string[]) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const commit = (text: string) => {
    const parsed = parseInvites(text, [], known);
    setError(parsed.error);
    if (parsed.emails.length > 0) {
      setValue(parsed.rest);
      onAdd(parsed.emails);
    }
  };
  return (
    <TextInput
      placeholder={t.addPeople}
      aria-label={t.addPeople}
      value={value}
      error={error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (/[,\t]/.test(next)) commit(next);
        else setValue(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Tab') {
          if (!value.trim()) return;
          event.preventDefault();
          commit(`${value},`);
        }
      }}
      data-testid="add-people"
    />
  );
}
