import { sharesMessages } from '@hookline/contract';
import { IconClockX, IconLinkOff } from '@tabler/icons-react';
import { PoweredBy } from '@/components/powered-by';
import { StatusScreen } from '@/components/status-screen';

/** 'This page is no longer available' (or 'Your link has expired'), with the 'powered by' footer. */
export function LinkUnavailable({
  expired = false,
  fullScreen = true,
}: {
  expired?: boolean;
  fullScreen?: boolean;
}) {
  return (
    <StatusScreen
      data-testid="shared-link-unavailable"
      icon={expired ? <IconClockX size={24} /> : <IconLinkOff size={24} />}
      title={expired ? sharesMessages.linkExpired : sharesMessages.pageUnavailable}
      text={sharesMessages.contactSender}
      footer={<PoweredBy />}
      fullScreen={fullScreen}
    />
  );
}
