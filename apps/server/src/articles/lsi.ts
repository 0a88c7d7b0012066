/**
 * LSI-style related terms from a few documents about a keyword: the words and two-word phrases
 * that recur across them, stop words and the keyword's own words left out. Pure, so tests give
 * the documents as data.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
can could did do does doing down during each few for from further had has have having he her here hers herself him himself his
how i if in into is it its itself just like many may me might more most much must my myself no nor not now of off on once only
or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there
these they this those through to too under until up upon us very was we were what when where which while who whom why will
with within without would you your yours yourself yourselves one two three first new used use known often however since among
although several including include includes called became become well another around later early s`.split(/\s+/),
);

const MAX_TERMS = 30;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
}

/** Terms ranked by how many documents use them, then how often; phrases count once more. */
export function lsiTerms(keyword: string, documents: string[]): string[] {
  const own = new Set(words(keyword));
  const scores = new Map<string, { docs: number; count: number }>();
  for (const doc of documents) {
    const seen = new Set<string>();
    const tokens = words(doc);
    const add = (term: string) => {
      const entry = scores.get(term) ?? { docs: 0, count: 0 };
      entry.count++;
      if (!seen.has(term)) entry.docs++;
      seen.add(term);
      scores.set(term, entry);
    };
    tokens.forEach((token, i) => {
      const usable = (t: string | undefined) =>
        t !== undefined && t.length > 2 && !STOP_WORDS.has(t) && !/^\d+$/.test(t);
      if (usable(token) && !own.has(token)) add(token);
      const next = tokens[i + 1];
      if (usable(token) && usable(next) && !(own.has(token) && own.has(next as string))) add(`${token} ${next}`);
    });
  }
  const minCount = documents.length > 1 ? 2 : 1;
  return [...scores.entries()]
    .filter(([, s]) => s.count >= minCount)
    .map(([term, s]) => ({ term, score: s.docs * 10 + s.count + (term.includes(' ') ? 2 : 0) }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term))
    .slice(0, MAX_TERMS)
    .map((t) => t.term);
}
