import { REVIEW_NOTE_MAX, type ReviewDecision } from '@hookline/contract';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { boardReviewTexts as t } from '@/config/texts/board-review';

export interface DecisionRequest {
  assetId: string;
  name: string;
  decision: ReviewDecision;
}

/**
 * A reviewer's decision with a note: asking for changes needs one (what should change),
 * approving takes one optionally. The note is also posted as a comment on the board.
 */
export function ReviewDecisionDialog({
  request,
  busy,
  onClose,
  onConfirm,
}: {
  request: DecisionRequest | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const changes = request?.decision === 'NEEDS_CHANGES';
  // A new request starts blank.
  useEffect(() => {
    if (request) {
      setNote('');
      setError(null);
    }
  }, [request]);

  const submit = () => {
    const trimmed = note.trim();
    if (changes && !trimmed) {
      setError(t.noteRequired);
      return;
    }
    onConfirm(trimmed);
  };
  return (
    <Modal
      opened={Boolean(request)}
      onClose={onClose}
      title={changes ? t.requestChangesTitle : t.approveTitle}
      centered
      data-testid="review-decision-dialog"
    >
      {request && (
        <Text size="sm" c="dimmed" mb="sm" truncate title={request.name}>
          {request.name}
        </Text>
      )}
      <Textarea
        label={t.note}
        description={t.noteHint}
        placeholder={changes ? t.notePlaceholderChanges : t.notePlaceholderApprove}
        value={note}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
        }}
        error={error}
        required={changes}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={REVIEW_NOTE_MAX}
        data-autofocus
        data-testid="review-note"
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t.cancel}
        </Button>
        <Button
          color={changes ? 'orange' : 'teal'}
          autoContrast
          loading={busy}
          onClick={submit}
          data-testid="confirm-review-decision"
        >
          {changes ? t.requestChanges : t.approve}
        </Button>
      </Group>
    </Modal>
  );
}
