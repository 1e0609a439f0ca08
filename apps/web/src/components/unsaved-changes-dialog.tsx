import { unsavedChangesMessages } from '@hookline/contract';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onDiscard: () => void;
  onStay: () => void;
  onSave?: () => void;
  saving?: boolean;
  hideDiscard?: boolean;
  hideStay?: boolean;
  /** The save button also hides when there is no onSave. */
  hideSave?: boolean;
}

/** The unsaved-changes dialog (000 §2 "Modal dialogs"): discard, stay, save; each can be hidden. */
export function UnsavedChangesDialog({
  opened,
  onDiscard,
  onStay,
  onSave,
  saving = false,
  hideDiscard = false,
  hideStay = false,
  hideSave = false,
}: UnsavedChangesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={<Text fw={600}>{unsavedChangesMessages.title}</Text>}
      size="sm"
      data-testid="unsaved-changes-dialog"
    >
      <Text size="sm" c="dimmed">
        {unsavedChangesMessages.text}
      </Text>
      <Group justify="flex-end" gap="xs" mt="lg">
        {!hideDiscard && (
          <Button variant="subtle" color="red" onClick={onDiscard} disabled={saving}>
            {unsavedChangesMessages.discard}
          </Button>
        )}
        {!hideStay && (
          <Button variant="default" onClick={onStay} disabled={saving}>
            {unsavedChangesMessages.stay}
          </Button>
        )}
        {!hideSave && onSave && (
          <Button onClick={onSave} loading={saving}>
            {unsavedChangesMessages.save}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
