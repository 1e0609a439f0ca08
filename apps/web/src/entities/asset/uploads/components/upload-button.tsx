import { ACCEPTED_EXTENSIONS } from '@hookline/contract';
import { Button } from '@mantine/core';
import { IconChevronDown, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useRef } from 'react';
import { ActionMenu, type ActionMenuEntry } from '@/components/action-menu';
import { libraryTexts } from '@/config/texts/library';
import type { BrandScope } from '../../api/keys';
import { sourcesFromFiles } from '../read-drop';
import { useUploader } from '../uploads-context';

const t = libraryTexts.uploads;
const accept = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Upload files or a whole folder from the device into the current folder, or onto a board
 * (`boardId`; `onStarted` runs once an upload has begun). `extraEntries` add entries to the
 * menu (a board's 'Add from library').
 */
export function UploadButton({
  scope,
  folderId,
  boardId,
  label = t.upload,
  folderLabel = t.uploadFolder,
  onStarted,
  extraEntries = [],
}: {
  scope: BrandScope;
  folderId: string;
  boardId?: string;
  label?: string;
  folderLabel?: string;
  onStarted?: () => void;
  extraEntries?: ActionMenuEntry[];
}) {
  const uploader = useUploader();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    void uploader
      .start(sourcesFromFiles(files), scope, folderId, boardId ? { boardId } : undefined)
      .then((started) => started && onStarted?.());
  };
  return (
    <>
      <ActionMenu
        entries={[
          {
            key: 'files',
            icon: 'file',
            label: t.uploadFiles,
            onClick: () => filesInput.current?.click(),
          },
          {
            key: 'folder',
            icon: 'folder',
            label: folderLabel,
            onClick: () => folderInput.current?.click(),
          },
          ...extraEntries,
        ]}
        target={
          <Button
            size="xs"
            leftSection={<IconUpload size={14} />}
            rightSection={<IconChevronDown size={12} />}
            data-testid="upload-button"
          >
            {label}
          </Button>
        }
      />
      <input
        ref={filesInput}
        type="file"
        multiple
        accept={accept}
        hidden
        data-testid="upload-files-input"
        onChange={onChange}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="upload-folder-input"
        onChange={onChange}
        // Folder pickers are not in React's types.
        {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
      />
    </>
  );
}
