import {
  interpolate,
  type Library,
  messages,
  SHARE_LIMITS,
  type ShareAction,
  type ShareAudience,
  type ShareRecord,
  shareExpiryDays,
} from '@hookline/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Pill,
  PillsInput,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconCopy, IconLink, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { webTexts } from '@/config/texts';
import type { BrandScope } from '@/entities/asset/api/keys';
import { showSuccessToast } from '@/lib/notify';
import { shareRecordQueryOptions, useShareWrites } from '../api';
import { parseInvites } from '../invites';

const t = webTexts.sharing;
const DAY = 86_400_000;

export interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  scope: BrandScope;
  item: { id: string; name: string; library: Library };
  /** 'Anyone in {brand}'. */
  brandName: string;
}

/**
 * The share modal (000 §2 "share modal", §4 "Public link and sharing"): two panes. The main
 * pane holds the public link (on creates and copies it, off deletes it) with its audience,
 * expiry, password, downloads and views, and the people with access; adding someone opens the
 * invite pane, whose back arrow returns and clears what was pending.
 */
export function ShareDialog({ opened, onClose, scope, item, brandName }: ShareDialogProps) {
  const [pane, setPane] = useState<'main' | 'invite'>('main');
  const [invites, setInvites] = useState<string[]>([]);
  const close = () => {
    setPane('main');
    setInvites([]);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={interpolate(t.shareTitle, { name: item.name })}
      size="lg"
      data-testid="share-dialog"
    >
      {opened && (
        <ShareDialogBody
          scope={scope}
          item={item}
          brandName={brandName}
          pane={pane}
          invites={invites}
          onInvites={(next) => {
            setInvites(next);
            if (next.length > 0) setPane('invite');
          }}
          onBack={() => {
            setPane('main');
            setInvites([]);
          }}
        />
      )}
    </Modal>
  );
}

function ShareDialogBody({
  scope,
  item,
  brandName,
  pane,
  invites,
  onInvites,
  onBack,
}: {
  scope: BrandScope;
  item: ShareDialogProps['item'];
  brandName: string;
  pane: 'main' | 'invite';
  invites: string[];
  onInvites: (emails: string[]) => void;
  onBack: () => void;
}) {
  const record = useQuery(shareRecordQueryOptions(scope, item.library, item.id));
  const writes = useShareWrites(scope, item.library, item.id);
  if (record.isPending) return <Skeleton height={180} />;
  if (record.isError) return <Alert color="red">{messages.error.content}</Alert>;
  const known = record.data.sharedWith.map((p) => p.email.toLowerCase());
  if (pane === 'invite')
    return (
      <InvitePane invites={invites} known={known} onInvites={onInvites} onBack={onBack} writes={writes} />
    );
  return (
    <Stack gap="md">
      <PublicLinkSection record={record.data} writes={writes} brandName={brandName} />
      <Divider />
      <PeopleSection record={record.data} writes={writes} />
      <AddPeopleInput known={known} onAdd={onInvites} />
    </Stack>
  );
}

type Writes = ReturnType<typeof useShareWrites>;

function PublicLinkSection({
  record,
  writes,
  brandName,
}: {
  record: ShareRecord;
  writes: Writes;
  brandName: string;
}) {
  const link = record.publicShare;
  const [password, setPassword] = useState('');
  const busy = writes.create.isPending || writes.remove.isPending || writes.update.isPending;
  const toggle = async (on: boolean) => {
    if (on) {
      const next = await writes.create.mutateAsync({ isPublic: true, actions: ['read'] });
      if (next.publicShare) await copy(next.publicShare.href);
    } else if (link) {
      await writes.remove.mutateAsync(link.shareTokenId);
    }
  };
  const change = (body: Parameters<Writes['update']['mutateAsync']>[0]['body']) =>
    link && writes.update.mutateAsync({ shareId: link.shareTokenId, body }).then(() => copy(link.href));

  return (
    <Stack gap="sm" data-testid="public-link">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconLink size={18} />
          <div>
            <Text fw={600} size="sm">
              {t.publicLink}
            </Text>
            <Text size="xs" c="dimmed">
              {t.publicLinkHint}
            </Text>
          </div>
        </Group>
        <Switch
          checked={Boolean(link)}
          disabled={busy}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          aria-label={t.publicLink}
          data-testid="public-link-switch"
        />
      </Group>
      {link && (
        <>
          <Group gap="xs" wrap="nowrap">
            <TextInput value={link.href} readOnly style={{ flex: 1 }} aria-label={t.publicLink} size="xs" />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              onClick={() => void copy(link.href)}
            >
              {t.copyLink}
            </Button>
          </Group>
          <Group grow align="flex-start">
            <Select
              size="xs"
              label={t.audience}
              value={link.audience}
              allowDeselect={false}
              data={[
                { value: 'ANYONE', label: t.anyone },
                { value: 'BRAND', label: interpolate(t.anyoneIn, { brand: brandName }) },
              ]}
              onChange={(value) => value && void change({ audience: value as ShareAudience })}
            />
            <ExpirySelect
              expiresAt={link.expiresAt}
              onChange={(expiresAt) => void change({ expiresAt: expiresAt?.toISOString() ?? null })}
            />
          </Group>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <PasswordInput
              size="xs"
              style={{ flex: 1 }}
              label={t.password}
              description={t.passwordHint}
              placeholder={link.hasPassword ? '••••••••' : undefined}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={
                password && password.length < SHARE_LIMITS.passwordMin
                  ? `At least ${SHARE_LIMITS.passwordMin} characters`
                  : undefined
              }
            />
            <Button
              size="xs"
              variant="default"
              disabled={password.length < SHARE_LIMITS.passwordMin}
              onClick={() => void change({ password })?.then(() => setPassword(''))}
            >
              {link.hasPassword ? t.changePassword : t.setPassword}
            </Button>
            {link.hasPassword && (
              <Button size="xs" variant="subtle" color="red" onClick={() => void change({ password: null })}>
                {t.removePassword}
              </Button>
            )}
          </Group>
          <Group justify="space-between">
            <Switch
              size="sm"
              label={t.allowDownloads}
              checked={link.downloadsAllowed}
              onChange={(event) => void change({ downloadsAllowed: event.currentTarget.checked })}
            />
            <Text size="xs" c="dimmed" data-testid="link-views">
              {link.viewCount === 0 || !link.lastOpenedAt
                ? t.notOpened
                : interpolate(link.viewCount === 1 ? t.openedOnce : t.opened, {
                    n: String(link.viewCount),
                    relative: formatDistanceToNowStrict(link.lastOpenedAt, { addSuffix: true }),
                  })}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

function ExpirySelect({
  expiresAt,
  onChange,
}: {
  expiresAt: Date | null;
  onChange: (date: Date | null) => void;
}) {
  const [picking, setPicking] = useState(false);
  const days = expiresAt ? Math.round((expiresAt.getTime() - Date.now()) / DAY) : null;
  const preset = days !== null && (shareExpiryDays as readonly number[]).includes(days) ? String(days) : null;
  const value = expiresAt === null ? 'never' : (preset ?? 'date');
  if (picking || (value === 'date' && expiresAt))
    return (
      <TextInput
        size="xs"
        type="date"
        label={t.expiryDate}
        min={new Date(Date.now() + DAY).toISOString().slice(0, 10)}
        defaultValue={expiresAt?.toISOString().slice(0, 10)}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          if (picked) onChange(new Date(`${picked}T23:59:59`));
        }}
        rightSection={
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t.never}
            onClick={() => {
              setPicking(false);
              onChange(null);
            }}
          >
            ×
          </ActionIcon>
        }
      />
    );
  return (
    <Select
      size="xs"
      label={t.expiry}
      value={value}
      allowDeselect={false}
      data={[
        { value: 'never', label: t.never },
        ...shareExpiryDays.map((n) => ({
          value: String(n),
          label: n === 1 ? t.oneDay : interpolate(t.days, { n: String(n) }),
        })),
        { value: 'date', label: t.onDate },
      ]}
      onChange={(next) => {
        if (next === 'never') onChange(null);
        else if (next === 'date') setPicking(true);
        else if (next) onChange(new Date(Date.now() + Number(next) * DAY));
      }}
    />
  );
}

function PeopleSection({ record, writes }: { record: ShareRecord; writes: Writes }) {
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
                      <Tooltip label={messages.shares.emailCopied} opened={copied} withArrow>
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
function AddPeopleInput({ known, onAdd }: { known: string[]; onAdd: (emails: string[]) => void }) {
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

function InvitePane({
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
  writes: Writes;
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
    showSuccessToast(messages.shares.invitationSent);
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
          {messages.common.cancel}
        </Button>
        <Button onClick={() => void send()} loading={writes.create.isPending} disabled={invites.length === 0}>
          {t.send}
        </Button>
      </Group>
    </Stack>
  );
}

async function copy(href: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(href);
  } catch {
    // Without clipboard access the link is still shown to copy by hand.
  }
  showSuccessToast(messages.shares.linkCopied);
}
