import { commonMessages, formatBytes, interpolate, paymentRequiredMessages } from '@hookline/contract';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useBrandVariant } from '@/config/brand-variant';
import { appTexts } from '@/config/texts/app';
import { usePricingEnabled } from '@/lib/feature-flags';
import { getLinkContext } from '@/lib/link-builder';
import { showSuccessToast } from '@/lib/notify';
import { closeUpgradePrompt, useUpgradePrompt } from '@/lib/upgrade-prompt-store';
import { type RequestUpgradeInput, requestUpgradeSchema, useRequestUpgrade } from '../api/request-upgrade';

/** "Your plan allows 100 assets." — storage allocations are sizes (001 §8). */
export function allocationText(allocation?: number | null, resourceName?: string): string | null {
  if (allocation === undefined || allocation === null) return null;
  const name = resourceName?.trim() || appTexts.paymentRequired.defaultResourceName;
  const amount = /storage/i.test(name) ? formatBytes(allocation) : allocation.toLocaleString('en-US');
  return interpolate(paymentRequiredMessages.allocation, { allocation: amount, resourceName: name });
}

/**
 * The 402 upgrade prompt (000 §6, §8), opened by the API client and rendered once by the
 * providers. With pricing (variant and flag) it offers an upgrade button; without it, the
 * get-in-touch form that asks the team for a bigger plan. There is no plans page yet (001 §2
 * sends upgrades there only when it exists), so the upgrade button opens that same request
 * form.
 */
export function UpgradePrompt() {
  const { opened, allocation, resourceName } = useUpgradePrompt();
  const pricing = usePricingEnabled();
  const limit = allocationText(allocation, resourceName);
  const [requesting, setRequesting] = useState(false);
  useEffect(() => {
    if (opened) setRequesting(false);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={closeUpgradePrompt}
      title={
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size="md" radius="md">
            <IconSparkles size={16} stroke={1.75} />
          </ThemeIcon>
          <Text fw={600} size="md">
            {paymentRequiredMessages.title}
          </Text>
        </Group>
      }
      size="md"
      data-testid="upgrade-prompt"
    >
      <Stack gap="md">
        <Stack gap={4}>
          {limit && (
            <Text size="sm" fw={500}>
              {limit}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {paymentRequiredMessages.content}
          </Text>
        </Stack>
        {pricing && !requesting ? (
          <UpgradeActions onUpgrade={() => setRequesting(true)} />
        ) : (
          <GetInTouchForm />
        )}
      </Stack>
    </Modal>
  );
}

function UpgradeActions({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <Group justify="flex-end" gap="xs" mt="xs">
      <Button variant="default" onClick={closeUpgradePrompt}>
        {commonMessages.cancel}
      </Button>
      <Button data-autofocus onClick={onUpgrade}>
        {paymentRequiredMessages.upgrade}
      </Button>
    </Group>
  );
}

type FieldErrors = Partial<Record<keyof RequestUpgradeInput, string>>;

function GetInTouchForm() {
  const brand = useBrandVariant();
  const accountId = getLinkContext().accountId;
  const [values, setValues] = useState<RequestUpgradeInput>({ fullName: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const requestUpgrade = useRequestUpgrade();

  if (!accountId) {
    const text = interpolate(appTexts.paymentRequired.contactSupport, { email: brand.supportEmail });
    const [before, after] = text.split(brand.supportEmail);
    return (
      <Text size="sm">
        {before}
        <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>
        {after}
      </Text>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestUpgradeSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof RequestUpgradeInput;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    requestUpgrade.mutate(
      { accountId, data: parsed.data },
      {
        onSuccess: () => {
          closeUpgradePrompt();
          showSuccessToast(paymentRequiredMessages.upgradeRequested);
        },
      },
    );
  };

  const update = (field: keyof RequestUpgradeInput) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={paymentRequiredMessages.getInTouch}>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {paymentRequiredMessages.getInTouch}
          </Text>
          <Text size="sm" c="dimmed">
            {paymentRequiredMessages.getInTouchText}
          </Text>
        </div>
        <TextInput
          label={paymentRequiredMessages.fullName}
          value={values.fullName}
          onChange={update('fullName')}
          error={errors.fullName}
          autoComplete="name"
          required
          data-autofocus
        />
        <TextInput
          label={paymentRequiredMessages.email}
          type="email"
          value={values.email}
          onChange={update('email')}
          error={errors.email}
          autoComplete="email"
          required
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={closeUpgradePrompt}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" loading={requestUpgrade.isPending}>
            {paymentRequiredMessages.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
