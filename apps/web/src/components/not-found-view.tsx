import { notFoundMessages } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLinkBuilder } from '@/lib/link-builder';
import { StatusScreen } from './status-screen';

/** 'Page not found' with a link home that keeps the account and brand (000 §2). */
export function NotFoundView({ fullScreen = true }: { fullScreen?: boolean }) {
  const link = useLinkBuilder();
  return (
    <StatusScreen
      data-testid="not-found-page"
      fullScreen={fullScreen}
      icon={<IconCompass size={24} stroke={1.75} />}
      title={notFoundMessages.title}
      text={notFoundMessages.text}
      actions={
        <Button component={Link} to={link(paths.home.getHref())} leftSection={<IconArrowLeft size={16} />}>
          {notFoundMessages.home}
        </Button>
      }
    />
  );
}
