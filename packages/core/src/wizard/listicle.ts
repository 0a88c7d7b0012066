import { MIN_LISTICLE_ITEMS } from '../limits';
import { messages } from '../messages';
import type { WizardArticle } from './article-text';
import { mainKeyword } from './keywords';
import type { Listicle } from './schema';
import { capitalise, endSentence, joinSentences } from './text-helpers';

/**
 * The listicle builder's validation (spec 001 §4, §5): at least {@link MIN_LISTICLE_ITEMS} items
 * with a name. On success it returns the article the editor step takes over.
 *
 * Format — each named item is one paragraph, paragraphs separated by a blank line, so each item
 * becomes its own slide(s):
 * - title: the listicle idea, or `Top N <main keyword>` when the idea is empty;
 * - items keep the list order, reversed when `reverse` is on (a countdown ending at #1);
 * - with `numitem`, the name is prefixed by its rank in the list: `#3 Name`;
 * - the name ends a sentence (a full stop is added unless it has one), and the trivia follows in
 *   the same paragraph as its own sentence(s), first letter capitalised.
 *
 * Example (reverse and numitem on, 3 items): `#3 Rome. Home of the Colosseum.` then `#2 Paris.`
 * then `#1 Kyoto. Over a thousand temples.`
 */
export function validateListicle(
  listicle: Listicle,
  keyword: string,
): { ok: true; article: WizardArticle } | { ok: false; error: string } {
  const items = listicle.list
    .map((item) => ({ name: item.name.trim(), trivia: item.trivia.trim() }))
    .filter((item) => item.name !== '');
  if (items.length < MIN_LISTICLE_ITEMS) return { ok: false, error: messages.listicleTooShort };

  const paragraphs = items.map((item, index) => {
    const name = listicle.numitem ? `#${index + 1} ${item.name}` : item.name;
    return item.trivia ? joinSentences(endSentence(name), capitalise(item.trivia)) : endSentence(name);
  });
  if (listicle.reverse) paragraphs.reverse();

  const title = listicle.idea.trim() || joinSentences(`Top ${items.length}`, mainKeyword(keyword));
  return { ok: true, article: { title, body: paragraphs.join('\n\n') } };
}
