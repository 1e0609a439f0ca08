import { errorMessages, interpolate, type Library } from '@hookline/contract';
import { Alert, Divider, Modal, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sharingTexts } from '@/config/texts/sharing';
import type { BrandScope } from '@/entities/asset/api/keys';
import { shareRecordQueryOptions, useShareWrites } from '../api';
import { InvitePane } from './invite-pane';
import { AddPeopleInput, PeopleSection } from './people-section';
import { PublicLinkSection } from './public-link-section';

const t = sharingTexts.sharing;

export interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  scope: BrandScope;
  item: { id: string; name: string; library: Library };
  /** 'Anyone in {brand}'. */
  brandName: string;
}

/**
 * The share modal (000 §2 "share modal", §4 "Public link and sharing"): two panes. The main
 * pane holds the public link (on creates and copies it, off deletes it) with its audience,
 * expiry, password, downloads and views, and the people with access; adding someone opens the
 * invite pane, whose back arrow returns and clears what was pending.
 */
export function ShareDialog({ opened, onClose, scope, item, brandName }: ShareDialogProps) {
  const [pane, setPane] = useState<'main' | 'invite'>('main');
  const [invites, setInvites] = useState<string[]>([]);
  const close = () => {
    setPane('main');
    setInvites([]);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={interpolate(t.shareTitle, { name: item.name })}
      size="lg"
      data-testid="share-dialog"
    >
      {opened && (
        <ShareDialogBody
          scope={scope}
          item={item}
          brandName={brandName}
          pane={pane}
          invites={invites}
          onInvites={(next) => {
            setInvites(next);
            if (next.length > 0) setPane('invite');
          }}
          onBack={() => {
            setPane('main');
            setInvites([]);
          }}
        />
      )}
    </Modal>
  );
}

function ShareDialogBody({
  scope,
  item,
  brandName,
  pane,
  invites,
  onInvites,
  onBack,
}: {
  scope: BrandScope;
  item: ShareDialogProps['item'];
  brandName: string;
  pane: 'main' | 'invite';
  invites: string[];
  onInvites: (emails: string[]) => void;
  onBack: () => void;
}) {
  const record = useQuery(shareRecordQueryOptions(scope, item.library, item.id));
  const writes = useShareWrites(scope, item.library, item.id);
  if (record.isPending) return <Skeleton height={180} />;
  if (record.isError) return <Alert color="red">{errorMessages.content}</Alert>;
  const known = record.data.sharedWith.map((p) => p.email.toLowerCase());
  if (pane === 'invite')
    return (
      <InvitePane invites={invites} known={known} onInvites={onInvites} onBack={onBack} writes={writes} />
    );
  return (
    <Stack gap="md">
      <PublicLinkSection record={record.data} writes={writes} brandName={brandName} />
      <Divider />
      <PeopleSection record={record.data} writes={writes} />
      <AddPeopleInput known={known} onAdd={onInvites} />
    </Stack>
  );
}
