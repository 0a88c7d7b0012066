import { Button, Group, Modal, Text } from '@mantine/core';
import { memo } from 'react';
import { builderEditor, useEditor } from '../editor-store';

const TITLES = { replace: 'Replace the item?', attach: 'Attach the audio?' } as const;
const EXPLANATIONS = {
  replace: 'You dropped media on an item of the same kind. Replace its media, or add the new one as another item?',
  attach:
    'You dropped audio on an item. Attach it to the item so it plays when the item shows, or add it to the timeline?',
} as const;

/** The question a drop onto an item asks (spec 002 §2), with the spec's two answers. */
export const DropQuestion = memo(function DropQuestion() {
  const pending = useEditor((s) => s.session.pendingDrop);
  const kind = pending?.question.kind;
  return (
    <Modal
      opened={pending !== null}
      onClose={() => builderEditor.dismissDrop()}
      title={kind ? TITLES[kind] : ''}
      centered
    >
      {pending && (
        <>
          <Text size="sm">{EXPLANATIONS[pending.question.kind]}</Text>
          <Group justify="flex-end" mt="lg">
            {pending.question.answers.map((answer, index) => (
              <Button
                key={answer}
                variant={index === 0 ? 'filled' : 'default'}
                onClick={() => builderEditor.answerDrop(answer)}
              >
                {answer}
              </Button>
            ))}
          </Group>
        </>
      )}
    </Modal>
  );
});
