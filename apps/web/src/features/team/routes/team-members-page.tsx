import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { identityTexts } from '@/config/texts/identity';
import { useActiveBrand } from '@/entities/brand';
import { fullName, isAccountAdmin, useProfile } from '@/entities/profile';
import { isPendingInvitation, type TeamMemberItem, useTeamMembers } from '../api/get-team-members';
import { InviteUserModal } from '../components/invite-user-modal';
import { MemberActionsMenu } from '../components/member-actions-menu';

const t = identityTexts.team;
const SKELETON_ROWS = 5;

function initials(member: TeamMemberItem): string {
  const letters = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.trim();
  return (letters || member.email.charAt(0)).toUpperCase();
}

/** Settings → Team members (001 §2): the account's members; admins invite and manage them. */
export function TeamMembersPage() {
  const brand = useActiveBrand();
  const profile = useProfile();
  const members = useTeamMembers(brand.accountId);
  const [inviting, setInviting] = useState(false);
  const canManage = isAccountAdmin(profile);

  return (
    <Card p={0} data-testid="team-members">
      <Group justify="space-between" px="lg" py="md" wrap="nowrap">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4">
            {identityTexts.settings.teamMembers}
          </Title>
          {members.data && (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {members.data.length}
            </Text>
          )}
        </Group>
        {canManage && (
          <Button leftSection={<IconUserPlus size={16} stroke={1.75} />} onClick={() => setInviting(true)}>
            {t.inviteUser}
          </Button>
        )}
      </Group>

      {members.isError ? (
        <LoadFailedAlert
          mx="lg"
          mb="lg"
          title={t.loadFailed}
          data-testid="team-members-error"
          onRetry={() => void members.refetch()}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="lg"
            highlightOnHover
            data-testid="team-members-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.name}</Table.Th>
                <Table.Th>{t.email}</Table.Th>
                <Table.Th>{t.status}</Table.Th>
                <Table.Th>{t.role}</Table.Th>
                <Table.Th w={56}>
                  <VisuallyHidden>{t.actionsColumn}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data
                ? members.data.map((member) => {
                    const isSelf = member.id === profile.userId;
                    const pending = isPendingInvitation(member);
                    return (
                      <Table.Tr key={member.id} data-testid="team-member-row">
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Avatar size={28} radius="xl" color="gray" name={fullName(member)} aria-hidden>
                              {initials(member)}
                            </Avatar>
                            <Text size="sm" fw={500} truncate>
                              {fullName(member) || member.email}
                            </Text>
                            {isSelf && (
                              <Badge size="xs" variant="light" color="gray" tt="none">
                                {t.you}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed" truncate>
                            {member.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            variant="dot"
                            color={pending ? 'orange' : 'teal'}
                            tt="none"
                            fw={500}
                            radius="sm"
                          >
                            {pending ? t.invitationSent : t.active}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{t.roles[member.role]}</Text>
                        </Table.Td>
                        <Table.Td>
                          {canManage && !isSelf && (
                            <MemberActionsMenu member={member} accountId={brand.accountId} />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })
                : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                    <Table.Tr key={index} aria-hidden>
                      <Table.Td>
                        <Skeleton h={16} w="70%" />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton h={16} w="80%" />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton h={16} w={80} />
                      </Table.Td>
                      <Table.Td>
                        <Skeleton h={16} w={60} />
                      </Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canManage && (
        <InviteUserModal opened={inviting} onClose={() => setInviting(false)} accountId={brand.accountId} />
      )}
    </Card>
  );
}
