import { ActionIcon, Badge, Group, Paper, Radio, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { QUIZ_MAX_OPTIONS, type QuizQuestion } from '@reelwright/core';
import { IconTrash } from '@tabler/icons-react';

type OptionKey = 'option1' | 'option2' | 'option3' | 'option4';
const OPTION_KEYS: readonly OptionKey[] = (['option1', 'option2', 'option3', 'option4'] as const).slice(
  0,
  QUIZ_MAX_OPTIONS,
);
const LETTERS = ['A', 'B', 'C', 'D'];

/** The fields a question card edits (the id stays). */
export type QuizQuestionPatch = Partial<Omit<QuizQuestion, 'id'>>;

/**
 * One quiz question: its text, the 'Multiple choice' switch, up to four options with a radio for
 * the correct one, and the explanation shown with the answer.
 */
export function QuizQuestionCard({
  question,
  index,
  canRemove,
  onChange,
  onRemove,
}: {
  question: QuizQuestion;
  index: number;
  canRemove: boolean;
  onChange: (patch: QuizQuestionPatch) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <Paper withBorder radius="md" p="md" data-testid="quiz-question">
      <Stack gap="sm">
        <Group justify="space-between">
          <Badge variant="light" size="lg" radius="sm">
            Question {n}
          </Badge>
          <Group gap="sm">
            <Switch
              label="Multiple choice"
              checked={question.mcq}
              onChange={(event) => onChange({ mcq: event.currentTarget.checked })}
              data-testid="quiz-question-mcq"
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove question ${n}`}
              disabled={!canRemove}
              onClick={onRemove}
              data-testid="quiz-question-remove"
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Textarea
          aria-label={`Question ${n}`}
          placeholder="Ask something, e.g. Which planet is the largest?"
          autosize
          minRows={1}
          maxRows={4}
          size="md"
          value={question.q}
          onChange={(event) => onChange({ q: event.currentTarget.value })}
          data-testid="quiz-question-text"
        />
        {question.mcq && (
          <Radio.Group
            value={question.correct}
            onChange={(correct) => onChange({ correct })}
            label="Choices"
            description="Fill in 2 to 4 choices and mark the correct one."
            data-testid="quiz-question-options"
          >
            <Stack gap={6} mt={6}>
              {OPTION_KEYS.map((key, i) => {
                const number = String(i + 1);
                const text = question[key];
                return (
                  <Group key={key} gap="sm" wrap="nowrap">
                    <Radio
                      value={number}
                      aria-label={`Choice ${LETTERS[i]} is correct`}
                      disabled={text.trim() === '' && question.correct !== number}
                      data-testid="quiz-option-correct"
                    />
                    <TextInput
                      aria-label={`Question ${n} choice ${LETTERS[i]}`}
                      leftSection={
                        <Text size="sm" fw={600} c="dimmed">
                          {LETTERS[i]}
                        </Text>
                      }
                      placeholder={i < 2 ? 'Choice' : 'Choice (optional)'}
                      style={{ flex: 1 }}
                      value={text}
                      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
                      data-testid="quiz-option"
                    />
                  </Group>
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        <Textarea
          label={question.mcq ? 'Explanation' : 'Answer'}
          placeholder={question.mcq ? 'Why the answer is right (optional)' : 'The answer, shown after the question'}
          autosize
          minRows={1}
          maxRows={6}
          value={question.a}
          onChange={(event) => onChange({ a: event.currentTarget.value })}
          data-testid="quiz-question-explanation"
        />
      </Stack>
    </Paper>
  );
}
