import { SETTINGS_WIDTH_PX } from '@hookline/contract';
import { Box, Tabs } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconPlugConnected,
  type IconProps,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { identityTexts } from '@/config/texts/identity';
import { integrationsNavTexts } from '@/config/texts/integrations-nav';
import { namingConventionTexts } from '@/config/texts/naming-convention';
import { useLinkBuilder } from '@/lib/link-builder';

/**
 * The settings tabs (001 §2). A tab exists when its page does: usage, plans and back-office
 * arrive with their features.
 */
interface SettingsTab {
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
}

const settingsTabs: SettingsTab[] = [
  { path: paths.settingsTeamMembers.path, label: identityTexts.settings.teamMembers, icon: IconUsers },
  { path: paths.settingsBrand.path, label: identityTexts.settings.brand, icon: IconBuildingStore },
  {
    path: paths.settingsIntegrations.path,
    label: integrationsNavTexts.integrationsNav.tab,
    icon: IconPlugConnected,
  },
  { path: paths.settingsAnalytics.path, label: namingConventionTexts.tab, icon: IconChartBar },
];

/** /settings: tabs over the section's page, 960 px wide. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const active = settingsTabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));

  return (
    <Box px={32} pt="md" pb="xl">
      <Box maw={SETTINGS_WIDTH_PX} data-testid="settings-page">
        <Tabs value={active?.path ?? null} onChange={(path) => path && navigate(link(path))} mb="lg">
          <Tabs.List aria-label={identityTexts.settings.sections}>
            {settingsTabs.map((tab) => (
              <Tabs.Tab key={tab.path} value={tab.path} leftSection={<tab.icon size={16} stroke={1.75} />}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Box>
    </Box>
  );
}

/** /settings itself shows the team members (001 §2), keeping the brand in the link. */
export function SettingsIndex() {
  const link = useLinkBuilder();
  return <Navigate to={link(paths.settingsTeamMembers.getHref())} replace />;
}
