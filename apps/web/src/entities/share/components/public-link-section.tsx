import {
  interpolate,
  SHARE_LIMITS,
  type ShareAudience,
  type ShareRecord,
  shareExpiryDays,
  sharesMessages,
} from '@hookline/contract';
import {
  ActionIcon,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { sharingTexts } from '@/config/texts/sharing';
import { showSuccessToast } from '@/lib/notify';
import type { ShareWrites } from '../api';

const t = sharingTexts.sharing;
const DAY = 86_400_000;

/** The public link: on creates and copies it, off deletes it; its audience, expiry, password, downloads and views. */
export function PublicLinkSection({
  record,
  writes,
  brandName,
}: {
  record: ShareRecord;
  writes: ShareWrites;
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
  const change = (body: Parameters<ShareWrites['update']['mutateAsync']>[0]['body']) =>
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

async function copy(href: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(href);
  } catch {
    // Without clipboard access the link is still shown to copy by hand.
  }
  showSuccessToast(sharesMessages.linkCopied);
}
