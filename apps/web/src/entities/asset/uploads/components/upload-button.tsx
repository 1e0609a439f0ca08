import { ACCEPTED_EXTENSIONS } from '@hookline/contract';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFile, IconFolder, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { webTexts } from '@/config/texts';
import type { BrandScope } from '../../api/keys';
import { sourcesFromFiles } from '../read-drop';
import { useUploader } from '../uploads-context';

const t = webTexts.uploads;
const accept = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Upload files or a whole folder from the device into the current folder, or onto a board
 * (`boardId`; `onStarted` runs once an upload has begun). `children` add entries to the menu
 * (a board's 'Add from library').
 */
export function UploadButton({
  scope,
  folderId,
  boardId,
  label = t.upload,
  folderLabel = t.uploadFolder,
  onStarted,
  children,
}: {
  scope: BrandScope;
  folderId: string;
  boardId?: string;
  label?: string;
  folderLabel?: string;
  onStarted?: () => void;
  children?: ReactNode;
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
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            leftSection={<IconUpload size={14} />}
            rightSection={<IconChevronDown size={12} />}
            data-testid="upload-button"
          >
            {label}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFile size={14} />} onClick={() => filesInput.current?.click()}>
            {t.uploadFiles}
          </Menu.Item>
          <Menu.Item leftSection={<IconFolder size={14} />} onClick={() => folderInput.current?.click()}>
            {folderLabel}
          </Menu.Item>
          {children}
        </Menu.Dropdown>
      </Menu>
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
