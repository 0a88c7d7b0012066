import { describe, expect, it } from 'vitest';
import { blankQuestion, moveEntry, newListicle, newQuiz } from './content-drafts';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('content drafts', () => {
  it('starts a listicle with the schema defaults and two empty rows with fresh ids', () => {
    expect(newListicle(counter())).toEqual({
      idea: '',
      reverse: true,
      numitem: true,
      list: [
        { id: 'id-1', name: '', trivia: '' },
        { id: 'id-2', name: '', trivia: '' },
      ],
    });
  });

  it('starts a quiz with two empty multiple-choice questions', () => {
    const quiz = newQuiz(counter());
    expect(quiz.questions.map((q) => q.id)).toEqual(['id-1', 'id-2']);
    expect(quiz.questions[0]).toMatchObject({ q: '', mcq: true, correct: '', option1: '', a: '' });
  });

  it('uses random ids by default', () => {
    expect(blankQuestion().id).not.toBe(blankQuestion().id);
  });

  it('moves an entry up or down and ignores moves past the ends', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
