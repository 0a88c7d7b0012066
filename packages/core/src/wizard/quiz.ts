import { MIN_QUIZ_QUESTIONS, QUIZ_MAX_OPTIONS } from '../limits';
import { messages } from '../messages';
import type { WizardArticle } from './article-text';
import { mainKeyword } from './keywords';
import type { Quiz, QuizQuestion } from './schema';
import { capitalise, endSentence, joinSentences } from './text-helpers';

/** The quiz title when there is no keyword. */
export const DEFAULT_QUIZ_TITLE = 'Quiz';

const LETTERS = ['A', 'B', 'C', 'D'] as const;

/** A question's non-empty options in order, each with its option number ('1' to '4'). */
function choices(question: QuizQuestion): { number: string; text: string }[] {
  const options = [question.option1, question.option2, question.option3, question.option4];
  return options
    .slice(0, QUIZ_MAX_OPTIONS)
    .map((text, index) => ({ number: String(index + 1), text: text.trim() }))
    .filter((option) => option.text !== '');
}

/** Why a question cannot be used, or null. Choices are checked first: they must exist to be picked. */
function questionError(question: QuizQuestion): string | null {
  if (!question.mcq) return null;
  const q = question.q.trim();
  const options = choices(question);
  if (options.length < 2) return messages.quizTooFewChoices(q);
  if (!options.some((option) => option.number === question.correct.trim())) return messages.quizMissingCorrect(q);
  return null;
}

/** A question's paragraphs: the question (with lettered options), then the answer. */
function questionParagraphs(question: QuizQuestion, index: number): string[] {
  const q = `Question ${index + 1}: ${question.q.trim()}`;
  const explanation = question.a.trim() ? capitalise(question.a.trim()) : '';
  if (!question.mcq) return explanation ? [q, `Answer: ${explanation}`] : [q];
  const options = choices(question);
  const lines = options.map((option, i) => `${LETTERS[i]}) ${option.text}`);
  const correct = options.findIndex((option) => option.number === question.correct.trim());
  const answer = `Answer: ${LETTERS[correct]}) ${options[correct]?.text ?? ''}`;
  return [[q, ...lines].join('\n'), joinSentences(endSentence(answer), explanation)];
}

/**
 * The quiz builder's validation (spec 001 §4, §5): at least {@link MIN_QUIZ_QUESTIONS} questions
 * with text; a multiple-choice question needs at least 2 non-empty choices (of up to
 * {@link QUIZ_MAX_OPTIONS}) and a correct answer that is one of them. Questions without text are
 * ignored. On success it returns the article the editor step takes over.
 *
 * Format — paragraphs separated by a blank line:
 * - title: `<Main keyword> quiz`, or {@link DEFAULT_QUIZ_TITLE} without a keyword;
 * - per question, a paragraph `Question 1: <q>` followed, for multiple choice, by one line per
 *   non-empty option lettered `A)` to `D)` in option order;
 * - then a paragraph `Answer: B) <option>. <explanation>` (multiple choice) or
 *   `Answer: <explanation>` (open question; left out when there is no explanation).
 */
export function validateQuiz(
  quiz: Quiz,
  keyword: string,
): { ok: true; article: WizardArticle } | { ok: false; error: string } {
  const questions = quiz.questions.filter((question) => question.q.trim() !== '');
  if (questions.length < MIN_QUIZ_QUESTIONS) return { ok: false, error: messages.quizTooShort };
  for (const question of questions) {
    const error = questionError(question);
    if (error) return { ok: false, error };
  }
  const main = mainKeyword(keyword);
  const title = main ? `${capitalise(main)} quiz` : DEFAULT_QUIZ_TITLE;
  const body = questions.flatMap(questionParagraphs).join('\n\n');
  return { ok: true, article: { title, body } };
}
