import { BOARD_LIMITS, type BoardTypeId, boardTypes } from '@hookline/contract';
import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconLayoutBoard } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { boardsTexts as t } from '@/config/texts/boards-pages';
import type { BrandScope } from '@/entities/asset/api/keys';
import { useLinkBuilder } from '@/lib/link-builder';
import { useCreateBoard } from '../api/create-board';

type Step = 'closed' | 'type' | 'name';

/**
 * New board (000 §2 "Modal dialogs"): choose the board type, then name it; the new board
 * opens. With a single board type there is nothing to choose and the first dialog is skipped.
 */
export function useNewBoard(scope: BrandScope): { start: () => void; dialogs: ReactNode } {
  const [step, setStep] = useState<Step>('closed');
  const [type, setType] = useState<BoardTypeId>(boardTypes[0].id);
  const navigate = useNavigate();
  const link = useLinkBuilder();
  const start = () => setStep(boardTypes.length > 1 ? 'type' : 'name');
  const close = () => setStep('closed');
  const dialogs = (
    <>
      <ChooseBoardTypeModal
        opened={step === 'type'}
        onClose={close}
        onChoose={(chosen) => {
          setType(chosen);
          setStep('name');
        }}
      />
      <CreateBoardModal
        scope={scope}
        type={type}
        opened={step === 'name'}
        onClose={close}
        onCreated={(id) => {
          close();
          navigate(link(paths.board.getHref(id), { isShared: null }));
        }}
      />
    </>
  );
  return { start, dialogs };
}

export function ChooseBoardTypeModal({
  opened,
  onClose,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  onChoose: (type: BoardTypeId) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.chooseTypeTitle}
      centered
      data-testid="board-type-modal"
    >
      <Text size="sm" c="dimmed" mb="md">
        {t.chooseTypeText}
      </Text>
      <Stack gap="xs">
        {boardTypes.map((type) => (
          <UnstyledButton
            key={type.id}
            onClick={() => onChoose(type.id)}
            p="sm"
            style={{ border: '1px solid var(--app-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="sm" wrap="nowrap">
              <IconLayoutBoard size={22} stroke={1.5} aria-hidden />
              <div>
                <Text size="sm" fw={600}>
                  {type.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {type.description}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}

/** The create-board dialog: its button is disabled while the name is empty or blank (000 §5). */
export function CreateBoardModal({
  scope,
  type,
  opened,
  onClose,
  onCreated,
}: {
  scope: BrandScope;
  type: BoardTypeId;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [name, setName] = useState('');
  const create = useCreateBoard(scope);
  const blank = name.trim() === '';
  const close = () => {
    setName('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || create.isPending) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (board) => {
          setName('');
          onCreated(board.id);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={t.createTitle} centered data-testid="create-board-modal">
      <form onSubmit={submit} data-board-type={type}>
        <TextInput
          label={t.name}
          placeholder={t.namePlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={BOARD_LIMITS.nameMax}
          data-autofocus
          required
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={blank} loading={create.isPending} data-testid="create-board-submit">
            {t.create}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
