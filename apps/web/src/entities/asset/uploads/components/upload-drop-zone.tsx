import { interpolate } from '@hookline/contract';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { libraryTexts } from '@/config/texts/library';
import type { BrandScope } from '../../api/keys';
import { hasFiles, sourcesFromDataTransfer } from '../read-drop';
import { useUploader } from '../uploads-context';
import classes from './uploads.module.css';

const t = libraryTexts.uploads;

/** The element a drop lands on, when it is a folder card that takes uploads. */
function folderUnder(target: EventTarget | null): { id: string; name: string } | undefined {
  const card = target instanceof Element ? target.closest<HTMLElement>('[data-upload-folder-id]') : null;
  return card ? { id: card.dataset.uploadFolderId!, name: card.dataset.uploadFolderName ?? '' } : undefined;
}

/**
 * Drag files or folders from the computer onto the library page (they land in the open
 * folder) or onto a folder card (they land in that folder); on a board page (`boardId`) they
 * land on the board, and `onStarted` runs once the upload has begun.
 */
export function UploadDropZone({
  scope,
  folderId,
  folderName,
  boardId,
  onStarted,
  children,
  className,
}: {
  scope: BrandScope;
  folderId: string;
  folderName: string | undefined;
  boardId?: string;
  onStarted?: () => void;
  children: ReactNode;
  className?: string;
}) {
  const uploader = useUploader();
  const [over, setOver] = useState<{ name: string } | null>(null);
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    const folder = folderUnder(event.target);
    const name = folder?.name ?? folderName ?? t.thisFolder;
    if (over?.name !== name) setOver({ name });
  };
  const onDragLeave = (event: DragEvent) => {
    if (!hasFiles(event.dataTransfer)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(null);
  };
  const onDrop = async (event: DragEvent) => {
    if (!hasFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(null);
    const target = (boardId ? undefined : folderUnder(event.target)?.id) ?? folderId;
    const sources = await sourcesFromDataTransfer(event.dataTransfer);
    if (await uploader.start(sources, scope, target, boardId ? { boardId } : undefined)) onStarted?.();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files from the computer; the Upload button is the keyboard path.
    <div
      className={className ?? classes.zone}
      data-testid="upload-drop-zone"
      data-drop-active={over ? true : undefined}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={(event) => void onDrop(event)}
    >
      {children}
      {over && (
        <div className={classes.dropOverlay} aria-live="polite">
          <IconUpload size={28} />
          <span>{interpolate(t.dropHere, { folder: over.name })}</span>
        </div>
      )}
    </div>
  );
}
