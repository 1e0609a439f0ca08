import type { AssetType } from '@hookline/contract';
import {
  IconFile,
  IconFileText,
  IconFolderFilled,
  IconGif,
  IconMusic,
  IconPhoto,
  type IconProps,
  IconVideo,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const icons: Record<AssetType, ComponentType<IconProps>> = {
  FOLDER: IconFolderFilled,
  VIDEO: IconVideo,
  IMAGE: IconPhoto,
  AUDIO: IconMusic,
  DOCUMENT: IconFileText,
  ANIMATION: IconGif,
  OTHER: IconFile,
};

/** The placeholder for an item without a preview: one icon per type. */
export function AssetTypeIcon({ type, ...props }: { type: AssetType } & IconProps) {
  const Icon = icons[type];
  return <Icon stroke={1.5} aria-hidden {...props} />;
}
