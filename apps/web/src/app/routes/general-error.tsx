import { generalErrorMessages } from '@hookline/contract';
import { Anchor, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { useBrandVariant } from '@/config/brand-variant';
import { paths } from '@/config/paths';
import { appTexts } from '@/config/texts/app';

/** The generic error page (000 §2), e.g. when a signed-in user has no brands. Public. */
export function GeneralErrorPage() {
  const brand = useBrandVariant();
  return (
    <StatusScreen
      data-testid="general-error-page"
      color="red"
      icon={<IconAlertTriangle size={24} stroke={1.75} />}
      title={generalErrorMessages.title}
      text={generalErrorMessages.text}
      actions={
        <Button component={Link} to={paths.home.getHref()} leftSection={<IconArrowLeft size={16} />}>
          {generalErrorMessages.home}
        </Button>
      }
      footer={
        <Text size="xs" c="dimmed">
          <Anchor href={`mailto:${brand.supportEmail}`} size="xs">
            {appTexts.shell.contactSupport}
          </Anchor>
        </Text>
      }
    />
  );
}
