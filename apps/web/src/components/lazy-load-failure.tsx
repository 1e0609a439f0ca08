import { interpolate, LAZY_LOAD_RELOAD_COUNTDOWN_S, lazyLoadMessages } from '@hookline/contract';
import { Anchor, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useBrandVariant } from '@/config/brand-variant';
import { StatusScreen } from './status-screen';

export interface LazyLoadFailureProps {
  /** Defaults to reloading the page. */
  onReload?: () => void;
  countdownSeconds?: number;
  fullScreen?: boolean;
}

const reloadPage = () => window.location.reload();

/**
 * Shown when a page's code chunk fails to load (usually a new deployment): counts down 10 s,
 * then reloads; a button reloads at once; support e-mail for when it keeps failing (000 §2).
 */
export function LazyLoadFailure({
  onReload = reloadPage,
  countdownSeconds = LAZY_LOAD_RELOAD_COUNTDOWN_S,
  fullScreen = true,
}: LazyLoadFailureProps) {
  const brand = useBrandVariant();
  const [seconds, setSeconds] = useState(countdownSeconds);
  const reloadRef = useRef(onReload);
  reloadRef.current = onReload;

  useEffect(() => {
    if (seconds <= 0) {
      reloadRef.current();
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  return (
    <StatusScreen
      data-testid="lazy-load-failure"
      fullScreen={fullScreen}
      icon={<IconRefresh size={24} stroke={1.75} />}
      title={lazyLoadMessages.title}
      text={
        <span role="timer" aria-live="polite">
          {interpolate(lazyLoadMessages.countdown, { seconds: Math.max(0, seconds) })}
        </span>
      }
      actions={
        <Button leftSection={<IconRefresh size={16} />} onClick={() => reloadRef.current()}>
          {lazyLoadMessages.reload}
        </Button>
      }
      footer={
        <Text size="xs" c="dimmed">
          <Anchor href={`mailto:${brand.supportEmail}`} size="xs">
            {interpolate(lazyLoadMessages.contact, { email: brand.supportEmail })}
          </Anchor>
        </Text>
      }
    />
  );
}
