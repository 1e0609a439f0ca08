import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { appTexts } from '@/config/texts/app';

/** Shown while the first page's code loads; appears only after a short delay to avoid a flash. */
export function PageLoader({ delayMs = 300 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <Center mih="100dvh" role="status" aria-label={appTexts.shell.loadingPage}>
      {visible && <Loader size="sm" color="gray" />}
    </Center>
  );
}
