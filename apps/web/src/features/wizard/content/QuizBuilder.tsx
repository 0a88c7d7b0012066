import { Button, Group, Stack, Text } from '@mantine/core';
import { type Quiz, validateQuiz } from '@reelwright/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useStepHooks } from '../step-hooks';
import { updateWizard, useWizard } from '../use-wizard';
import { blankQuestion, newQuiz } from './content-drafts';
import { finishContent } from './finish-content';
import { QuizQuestionCard, type QuizQuestionPatch } from './QuizQuestionCard';
import { StepErrorAlert } from './StepErrorAlert';

/**
 * The quiz builder (source 'quiz', spec 001 §2, §5): questions with choices and explanations.
 * Next Step builds the article and opens the editor; the step stays.
 */
export function QuizBuilder() {
  const wizard = useWizard();
  // A project without a quiz shows a fresh one; it is written on the first edit only.
  const [seed] = useState(() => newQuiz());
  const quiz = wizard.quiz ?? seed;
  const [error, setError] = useState<string | null>(null);

  const edit = (mutate: (draft: Quiz) => void) => {
    if (error) setError(null);
    updateWizard((draft) => {
      draft.quiz ??= structuredClone(seed);
      mutate(draft.quiz);
    });
  };
  const patchQuestion = (index: number, patch: QuizQuestionPatch) =>
    edit((q) => {
      Object.assign(q.questions[index]!, patch);
    });
  const setQuestions = (next: (questions: Quiz['questions']) => Quiz['questions']) =>
    edit((q) => {
      q.questions = next(q.questions);
    });

  useStepHooks({
    validate: () => {
      const result = validateQuiz(quiz, wizard.keyword);
      if (!result.ok) {
        setError(result.error);
        return false;
      }
      finishContent(result.article);
      return false;
    },
  });

  const count = quiz.questions.length;
  return (
    <Stack gap="md" data-testid="quiz-builder">
      <StepErrorAlert message={error} onClose={() => setError(null)} />
      <Group justify="space-between">
        <Text fw={600}>Questions</Text>
        <Text size="xs" c="dimmed">
          At least 2 questions
        </Text>
      </Group>
      {quiz.questions.map((question, index) => (
        <QuizQuestionCard
          key={question.id}
          question={question}
          index={index}
          canRemove={count > 1}
          onChange={(patch) => patchQuestion(index, patch)}
          onRemove={() => setQuestions((questions) => questions.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setQuestions((questions) => [...questions, blankQuestion()])}
          data-testid="quiz-add-question"
        >
          Add question
        </Button>
      </Group>
    </Stack>
  );
}
