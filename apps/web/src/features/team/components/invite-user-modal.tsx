import { commonMessages, inviteUserBodySchema } from '@hookline/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { identityTexts } from '@/config/texts/identity';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { showSuccessToast } from '@/lib/notify';
import { useInviteUser } from '../api/invite-user';

const t = identityTexts.team;

/** The invite form is the request body without the account, which comes from the active brand. */
const inviteFormSchema = inviteUserBodySchema.omit({ accountId: true });

export interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
  accountId: string;
}

/** Invite user (001 §5): first and last name required, a valid e-mail; sends only a valid, changed form. */
export function InviteUserModal({ opened, onClose, accountId }: InviteUserModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t.inviteTitle}</Text>}
      size="md"
      data-testid="invite-user-modal"
    >
      {/* Mounted while open: every opening starts with an empty form. */}
      {opened && <InviteUserForm accountId={accountId} onDone={onClose} />}
    </Modal>
  );
}

function InviteUserForm({ accountId, onDone }: { accountId: string; onDone: () => void }) {
  const invite = useInviteUser();
  const form = useSchemaForm({
    schema: inviteFormSchema,
    initialValues: { firstName: '', lastName: '', email: '' },
    requiredMessages: { firstName: t.firstNameRequired, lastName: t.lastNameRequired },
  });

  const onSubmit = form.onSubmit((body) => {
    if (invite.isPending) return;
    invite.mutate(
      { ...body, accountId },
      {
        onSuccess: () => {
          showSuccessToast(t.invitationSent);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t.inviteTitle}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.inviteText}
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={t.firstName}
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput label={t.lastName} required autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t.email}
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onDone}>
            {commonMessages.cancel}
          </Button>
          <Button type="submit" loading={invite.isPending} disabled={!form.isDirty || !form.isValid}>
            {t.sendInvitation}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
