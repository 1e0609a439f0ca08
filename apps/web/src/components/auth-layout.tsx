import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrandVariant } from '@/config/brand-variant';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** A message screen (check your inbox, link expired …) shows an icon above its title. */
  icon?: ReactNode;
  iconColor?: string;
  children?: ReactNode;
  /** Under the card: links to the other entry pages. */
  footer?: ReactNode;
  'data-testid'?: string;
}

/**
 * The one calm, centred layout of the pages around signing in (sign-in, sign-up, password
 * recovery, invitations, e-mail verification, onboarding): the variant's logo over one card.
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  iconColor,
  children,
  footer,
  'data-testid': testId,
}: AuthLayoutProps) {
  const brand = useBrandVariant();
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py={48}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}
      data-testid={testId}
    >
      <Stack w="100%" maw={420} gap="lg">
        <Group gap={10} justify="center">
          <brand.Logo size={32} />
          <Text fw={600} size="lg" c="gray.9">
            {brand.name}
          </Text>
        </Group>
        <Paper withBorder radius="lg" p={32} shadow="xs">
          <Stack gap="lg">
            <Stack gap={6} align={icon ? 'center' : 'stretch'} ta={icon ? 'center' : undefined}>
              {icon && (
                <ThemeIcon size={48} radius="xl" variant="light" color={iconColor} mb={4}>
                  {icon}
                </ThemeIcon>
              )}
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text component="div" ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
