import { errorMessages } from '@hookline/contract';
import { Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { appTexts } from '@/config/texts/app';
import { StatusScreen } from './status-screen';

export interface ErrorViewProps {
  title?: string;
  text?: string;
  homeHref?: string;
  onReload?: () => void;
  fullScreen?: boolean;
}

/** A friendly view for an unexpected error: never a blank screen. */
export function ErrorView({
  title = errorMessages.title,
  text = errorMessages.content,
  homeHref = '/',
  onReload = () => window.location.reload(),
  fullScreen = true,
}: ErrorViewProps) {
  return (
    <StatusScreen
      data-testid="error-view"
      fullScreen={fullScreen}
      color="red"
      icon={<IconAlertTriangle size={24} stroke={1.75} />}
      title={title}
      text={text}
      actions={
        <Group gap="xs" justify="center">
          <Button variant="default" component="a" href={homeHref} leftSection={<IconHome size={16} />}>
            {appTexts.routeError.home}
          </Button>
          <Button onClick={onReload} leftSection={<IconRefresh size={16} />}>
            {appTexts.routeError.reload}
          </Button>
        </Group>
      }
    />
  );
}
