import { describe, expect, it } from 'vitest';
import { MIN_QUIZ_QUESTIONS, QUIZ_MAX_OPTIONS } from '../limits';
import { messages } from '../messages';
import { DEFAULT_QUIZ_TITLE, validateQuiz } from './quiz';
import { type QuizQuestion, QuizQuestionSchema, QuizSchema } from './schema';

const question = (overrides: Partial<QuizQuestion>): QuizQuestion =>
  QuizQuestionSchema.parse({ id: overrides.id ?? 'q', ...overrides });

const capital = question({
  id: '1',
  q: 'What is the capital of France?',
  option1: 'London',
  option2: 'Paris',
  option3: 'Rome',
  correct: '2',
  a: 'paris has been the capital since 987.',
});
const open = question({ id: '2', q: 'Why is the sky blue?', mcq: false, a: 'Rayleigh scattering.' });
const quizOf = (...questions: QuizQuestion[]) => QuizSchema.parse({ questions });

describe('validateQuiz', () => {
  it(`needs at least ${MIN_QUIZ_QUESTIONS} questions with text`, () => {
    expect(MIN_QUIZ_QUESTIONS).toBe(2);
    const tooShort = { ok: false, error: 'You need at least 2 questions in your quiz.' };
    expect(messages.quizTooShort).toBe(tooShort.error);
    expect(validateQuiz(quizOf(), 'geography')).toEqual(tooShort);
    expect(validateQuiz(quizOf(capital, question({ q: '  ', mcq: false })), 'geography')).toEqual(tooShort);
    expect(validateQuiz(quizOf(capital, open), 'geography').ok).toBe(true);
  });

  it('needs the correct answer of a multiple-choice question', () => {
    const error =
      'You need to specify the correct answer for multiple choice questions. Question: What is the capital of France? is missing the correct answer.';
    expect(messages.quizMissingCorrect('What is the capital of France?')).toBe(error);
    expect(validateQuiz(quizOf(question({ ...capital, correct: '' }), open), 'x')).toEqual({ ok: false, error });
    // The correct option must be one of the non-empty options.
    expect(validateQuiz(quizOf(question({ ...capital, correct: '4' }), open), 'x')).toEqual({ ok: false, error });
    expect(validateQuiz(quizOf(question({ ...capital, correct: '5' }), open), 'x')).toEqual({ ok: false, error });
  });

  it('needs at least 2 non-empty choices in a multiple-choice question', () => {
    const oneChoice = question({ q: 'Pick one', option1: 'Only', option2: '  ', correct: '1' });
    const error = messages.quizTooFewChoices('Pick one');
    expect(error.startsWith('You need at least 2 choices in a multiple choice questions')).toBe(true);
    expect(error).toContain('Pick one');
    expect(validateQuiz(quizOf(capital, oneChoice), 'x')).toEqual({ ok: false, error });
    const twoChoices = question({ q: 'Pick one', option1: 'Yes', option4: 'No', correct: '4' });
    expect(validateQuiz(quizOf(capital, twoChoices), 'x').ok).toBe(true);
  });

  it(`accepts up to ${QUIZ_MAX_OPTIONS} options, lettered A) to D)`, () => {
    expect(QUIZ_MAX_OPTIONS).toBe(4);
    const four = question({
      q: 'Largest planet?',
      option1: 'Mars',
      option2: 'Venus',
      option3: 'Earth',
      option4: 'Jupiter',
      correct: '4',
    });
    const result = validateQuiz(quizOf(four, open), 'space');
    expect(result.ok && result.article.body.split('\n\n')[0]).toBe(
      'Question 1: Largest planet?\nA) Mars\nB) Venus\nC) Earth\nD) Jupiter',
    );
    expect(result.ok && result.article.body.split('\n\n')[1]).toBe('Answer: D) Jupiter.');
  });

  it('builds a question paragraph and an answer paragraph per question', () => {
    expect(validateQuiz(quizOf(capital, open), 'geography, maps')).toEqual({
      ok: true,
      article: {
        title: 'Geography quiz',
        body: [
          'Question 1: What is the capital of France?\nA) London\nB) Paris\nC) Rome',
          'Answer: B) Paris. Paris has been the capital since 987.',
          'Question 2: Why is the sky blue?',
          'Answer: Rayleigh scattering.',
        ].join('\n\n'),
      },
    });
  });

  it('letters only the non-empty options, so the answer letter follows them', () => {
    const gappy = question({ q: 'Odd one?', option1: 'One', option2: '', option3: 'Three', correct: '3' });
    const result = validateQuiz(quizOf(gappy, open), 'numbers');
    expect(result.ok && result.article.body.split('\n\n').slice(0, 2)).toEqual([
      'Question 1: Odd one?\nA) One\nB) Three',
      'Answer: B) Three.',
    ]);
  });

  it('leaves out the answer paragraph of an open question without an explanation', () => {
    const bare = question({ q: 'Any thoughts?', mcq: false });
    const result = validateQuiz(quizOf(capital, bare), 'geography');
    expect(result.ok && result.article.body.endsWith('Question 2: Any thoughts?')).toBe(true);
  });

  it('falls back to a default title without a keyword', () => {
    const result = validateQuiz(quizOf(capital, open), ' ');
    expect(result.ok && result.article.title).toBe(DEFAULT_QUIZ_TITLE);
  });
});
