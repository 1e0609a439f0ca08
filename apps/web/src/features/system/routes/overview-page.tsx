import { Box, SimpleGrid } from '@mantine/core';
import { SystemStatusCard } from '../components/system-status-card';
import { WorkspaceCard } from '../components/workspace-card';

/** The temporary home until the library lands: the workspace and the system status. */
export function OverviewPage() {
  return (
    <Box px={32} py="lg" maw={1120} data-testid="overview-page">
      {/* Columns follow the content width (the sidebar is resizable), not the window's. */}
      <SimpleGrid type="container" cols={{ base: 1, '720px': 2 }} spacing="md">
        <WorkspaceCard />
        <SystemStatusCard />
      </SimpleGrid>
    </Box>
  );
}
