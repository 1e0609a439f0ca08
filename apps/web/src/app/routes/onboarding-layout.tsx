import { commonMessages } from '@hookline/contract';
import { Box, Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useSignOut } from '@/features/auth/api/logout';

/** Onboarding has no shell: a way out for someone who signed in with the wrong account. */
export function OnboardingLayout() {
  const signOut = useSignOut();
  return (
    <>
      <Box pos="fixed" top={16} right={16}>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLogout size={14} />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {commonMessages.signOut}
        </Button>
      </Box>
      <Outlet />
    </>
  );
}
