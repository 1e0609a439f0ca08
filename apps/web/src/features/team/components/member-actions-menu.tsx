import { commonMessages, interpolate } from '@hookline/contract';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDots, IconMailForward, IconTrash } from '@tabler/icons-react';
import { appTexts } from '@/config/texts/app';
import { identityTexts } from '@/config/texts/identity';
import { fullName } from '@/entities/profile';
import { appModals } from '@/lib/app-modals';
import { showSuccessToast } from '@/lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { isPendingInvitation, type TeamMemberItem } from '../api/get-team-members';
import { useReinviteUser } from '../api/reinvite-user';

const t = identityTexts.team;

/** A member's actions: resend the invitation while it is pending, delete with a confirmation. */
export function MemberActionsMenu({ member, accountId }: { member: TeamMemberItem; accountId: string }) {
  const reinvite = useReinviteUser();
  const remove = useDeleteUser();
  const name = fullName(member) || member.email;

  const confirmDelete = () =>
    appModals.openConfirmModal({
      title: <Text fw={600}>{t.deleteTitle}</Text>,
      children: (
        <Text size="sm" c="dimmed">
          {interpolate(t.deleteText, { name, email: member.email })}
        </Text>
      ),
      labels: { confirm: appTexts.common.delete, cancel: commonMessages.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-delete-member' },
      onConfirm: () =>
        remove.mutate({ userId: member.id, accountId }, { onSuccess: () => showSuccessToast(t.userDeleted) }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={interpolate(t.actions, { name })}
          loading={reinvite.isPending || remove.isPending}
          data-testid="member-actions"
        >
          <IconDots size={16} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {isPendingInvitation(member) && (
          <Menu.Item
            leftSection={<IconMailForward size={16} stroke={1.75} />}
            onClick={() =>
              reinvite.mutate(
                { userId: member.id, accountId },
                { onSuccess: () => showSuccessToast(t.invitationSent) },
              )
            }
          >
            {t.resendInvitation}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.75} />} onClick={confirmDelete}>
          {appTexts.common.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
