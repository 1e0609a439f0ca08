import { commonMessages, SHARE_LIMITS, type ShareAction, sharesMessages } from '@hookline/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Pill,
  PillsInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { sharingTexts } from '@/config/texts/sharing';
import { showSuccessToast } from '@/lib/notify';
import type { ShareWrites } from '../api';
import { parseInvites } from '../invites';

const t = sharingTexts.sharing;

/** The share modal's invite pane: addresses, their role, a message and whether to notify. */
export function InvitePane({
  invites,
  known,
  onInvites,
  onBack,
  writes,
}: {
  invites: string[];
  known: string[];
  onInvites: (emails: string[]) => void;
  onBack: () => void;
  writes: ShareWrites;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<ShareAction>('read');
  const [shareText, setShareText] = useState('');
  const [notify, setNotify] = useState(true);
  const add = (text: string) => {
    const parsed = parseInvites(text, invites, known);
    setError(parsed.error);
    setDraft(parsed.rest);
    if (parsed.emails.length > 0) onInvites([...invites, ...parsed.emails]);
  };
  const send = async () => {
    await writes.create.mutateAsync({
      shares: invites.map((email) => ({ email, action })),
      shareText: shareText.trim() || undefined,
      notify,
    });
    showSuccessToast(sharesMessages.invitationSent);
    onBack();
  };
  return (
    <Stack gap="sm" data-testid="invite-pane">
      <Group gap="xs">
        <ActionIcon variant="subtle" aria-label={t.back} onClick={onBack}>
          <IconArrowLeft size={16} />
        </ActionIcon>
        <Text fw={600} size="sm">
          {t.invites}
        </Text>
      </Group>
      <PillsInput label={t.invites} description={t.inviteHint} error={error}>
        <Pill.Group>
          {invites.map((email) => (
            <Pill key={email} withRemoveButton onRemove={() => onInvites(invites.filter((e) => e !== email))}>
              {email}
            </Pill>
          ))}
          <PillsInput.Field
            value={draft}
            aria-label={t.addPeople}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (/[,\t]/.test(next)) add(next);
              else setDraft(next);
            }}
            onKeyDown={(event) => {
              if ((event.key === 'Enter' || event.key === 'Tab') && draft.trim()) {
                event.preventDefault();
                add(`${draft},`);
              } else if (event.key === 'Backspace' && !draft && invites.length > 0) {
                onInvites(invites.slice(0, -1));
              }
            }}
          />
        </Pill.Group>
      </PillsInput>
      <Select
        label={t.role}
        value={action}
        allowDeselect={false}
        data={[
          { value: 'read', label: t.commenter },
          { value: 'write', label: t.editor },
        ]}
        onChange={(value) => value && setAction(value as ShareAction)}
        data-testid="invite-role"
      />
      <Textarea
        label={t.message}
        value={shareText}
        maxLength={SHARE_LIMITS.textMax}
        autosize
        minRows={3}
        onChange={(event) => setShareText(event.currentTarget.value)}
        description={`${shareText.length} / ${SHARE_LIMITS.textMax}`}
      />
      <Checkbox
        label={t.notify}
        checked={notify}
        onChange={(event) => setNotify(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {commonMessages.cancel}
        </Button>
        <Button onClick={() => void send()} loading={writes.create.isPending} disabled={invites.length === 0}>
          {t.send}
        </Button>
      </Group>
    </Stack>
  );
}
