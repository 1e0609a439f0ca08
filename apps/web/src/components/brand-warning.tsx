import { interpolate } from '@hookline/contract';
import { Anchor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBrandVariant } from '@/config/brand-variant';
import { appTexts } from '@/config/texts/app';
import { StatusScreen } from './status-screen';

export interface BrandWarningProps {
  title: string;
  text: ReactNode;
  /** Defaults to the brand variant's support e-mail. */
  contactEmail?: string;
  fullScreen?: boolean;
}

/** The brand warning screen (000 §2): a title, a text and a contact link. */
export function BrandWarning({ title, text, contactEmail, fullScreen = true }: BrandWarningProps) {
  const brand = useBrandVariant();
  const email = contactEmail ?? brand.supportEmail;
  return (
    <StatusScreen
      data-testid="brand-warning"
      fullScreen={fullScreen}
      color="orange"
      icon={<IconAlertCircle size={24} stroke={1.75} />}
      title={title}
      text={text}
      actions={
        <Anchor href={`mailto:${email}`} size="sm">
          {interpolate(appTexts.brandWarning.contact, { email })}
        </Anchor>
      }
    />
  );
}
