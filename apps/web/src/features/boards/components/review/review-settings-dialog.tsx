import type { MentionableUser } from '@hookline/contract';
import {
  Avatar,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { boardReviewTexts as t } from '@/config/texts/board-review';
import { useBoardMentionable } from '@/entities/comment/board-api';
import { fullName } from '@/entities/profile';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { type Board, boardScope } from '../../api/keys';
import { useUpdateBoard } from '../../api/update-board';
import classes from './review.module.css';

/** The company editor in the mentions list: not a person who can review. */
const COMPANY_EDITOR_ID = '0';
/** From this many people on, the list has a search. */
const SEARCHABLE_FROM = 8;

/**
 * 'Start review' / 'Review settings' (the boards issue, as in Frame.io and Air): who reviews
 * (the board's people: brand members and those it is shared with), whether the review moves
 * the board's status, and starting or stopping review mode. Saved with PUT …/boards/{id}.
 */
export function ReviewSettingsDialog({
  board,
  opened,
  onClose,
}: {
  board: Board;
  opened: boolean;
  onClose: () => void;
}) {
  const people = useBoardMentionable(boardScope(board), board.id, opened);
  const update = useUpdateBoard(board);
  const [reviewerIds, setReviewerIds] = useState<string[]>(board.reviewerIds);
  const [autoStatus, setAutoStatus] = useState(board.autoStatus);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the board's saved settings.
  useEffect(() => {
    if (opened) {
      setReviewerIds(board.reviewerIds);
      setAutoStatus(board.autoStatus);
      setSearch('');
      setError(null);
    }
  }, [opened, board.reviewerIds, board.autoStatus]);

  const everyone = useMemo(
    () => (people.data ?? []).filter((person) => person.id !== COMPANY_EDITOR_ID),
    [people.data],
  );
  const query = search.trim().toLowerCase();
  const shown = query
    ? everyone.filter((person) => `${fullName(person)} ${person.email ?? ''}`.toLowerCase().includes(query))
    : everyone;
  const toggle = (id: string) => {
    setError(null);
    setReviewerIds((ids) => (ids.includes(id) ? ids.filter((picked) => picked !== id) : [...ids, id]));
  };

  const save = (reviewMode: boolean) => {
    if (reviewMode && reviewerIds.length === 0) {
      setError(t.reviewersRequired);
      return;
    }
    const starting = reviewMode && !board.reviewMode;
    update.mutate(
      { reviewMode, reviewerIds, autoStatus },
      {
        onSuccess: () => {
          showSuccessToast(starting ? t.reviewStarted : reviewMode ? t.settingsSaved : t.reviewStopped);
          onClose();
        },
        onError: () => showErrorToast(),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={board.reviewMode ? t.reviewSettings : t.startReview}
      centered
      size="md"
      data-testid="review-settings-dialog"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.dialogIntro}
        </Text>
        <div>
          <Text size="sm" fw={500} id="review-reviewers-label">
            {t.reviewers}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t.reviewersHint}
          </Text>
          {everyone.length >= SEARCHABLE_FROM && (
            <TextInput
              size="xs"
              mb={6}
              leftSection={<IconSearch size={14} />}
              placeholder={t.reviewersPlaceholder}
              aria-label={t.reviewersPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          )}
          {people.isError ? (
            <LoadFailedAlert title={t.peopleFailed} onRetry={() => void people.refetch()} />
          ) : people.isPending ? (
            <Stack gap={6}>
              {[0, 1, 2].map((row) => (
                <Group key={row} gap="sm">
                  <Skeleton circle height={28} />
                  <Skeleton height={12} width="40%" />
                </Group>
              ))}
            </Stack>
          ) : everyone.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.noPeople}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={260} type="auto">
              <Stack
                gap={2}
                role="group"
                aria-labelledby="review-reviewers-label"
                data-testid="reviewer-list"
              >
                {shown.map((person) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    checked={reviewerIds.includes(person.id)}
                    onToggle={() => toggle(person.id)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {error && (
            <Text size="xs" c="red" mt={6} role="alert">
              {error}
            </Text>
          )}
        </div>
        <Switch
          checked={autoStatus}
          onChange={(event) => setAutoStatus(event.currentTarget.checked)}
          label={t.autoStatus}
          description={t.autoStatusHint}
          data-testid="review-auto-status"
        />
        <Group justify="space-between" mt="xs">
          {board.reviewMode ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => save(false)}
              disabled={update.isPending}
              data-testid="stop-review"
            >
              {t.stopReview}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button loading={update.isPending} onClick={() => save(true)} data-testid="save-review-settings">
              {board.reviewMode ? t.save : t.startReview}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

function PersonRow({
  person,
  checked,
  onToggle,
}: {
  person: MentionableUser;
  checked: boolean;
  onToggle: () => void;
}) {
  const name = fullName(person).trim() || person.email || person.id;
  return (
    <Checkbox.Card
      className={classes.person}
      checked={checked}
      onChange={onToggle}
      withBorder={false}
      aria-label={name}
      data-testid="reviewer-option"
    >
      <Checkbox.Indicator size="xs" />
      <Avatar size={28} radius="xl" color="gray" name={name} aria-hidden />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        {person.email && (
          <Text size="xs" c="dimmed" truncate>
            {person.email}
          </Text>
        )}
      </div>
    </Checkbox.Card>
  );
}
