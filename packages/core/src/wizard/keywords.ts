import { KEYWORD_HIGHLIGHT_MIN_LENGTH, MAX_KEYWORD_TAGS } from '../limits';
import { messages } from '../messages';

/**
 * The keyword field's tags (spec 001 §5): split on commas or semicolons, trimmed (inner runs of
 * white space become one space), empty tags dropped, and case-insensitive duplicates dropped with
 * the first spelling kept. All tags are returned; {@link validateKeywordInput} enforces the cap.
 */
export function splitKeywords(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of input.split(/[,;]/)) {
    const tag = raw.replace(/\s+/g, ' ').trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/**
 * The keyword step's validation (spec 001 §5): at least one tag and at most
 * {@link MAX_KEYWORD_TAGS}. Returns the message to show, or null when the input is fine.
 */
export function validateKeywordInput(input: string): string | null {
  const count = splitKeywords(input).length;
  if (count === 0) return messages.keywordRequired;
  if (count > MAX_KEYWORD_TAGS) return messages.tooManyKeywords(count);
  return null;
}

/** The main keyword: the first tag (spec 001 §3), or '' when there is none. */
export function mainKeyword(input: string): string {
  return splitKeywords(input)[0] ?? '';
}

const LINK = /\bhttps?:\/\/\S|\bwww\.\S/i;
/** Pasted text with more words than this may be an article rather than keywords. */
const LONG_PASTE_WORDS = 10;

/**
 * Whether pasting `text` into the keyword field should first ask 'Paste anyway' or "Don't paste"
 * (spec 001 §5): the text holds a link (an http(s):// or www. address), or it is long text — more
 * than 10 words with fewer commas than half the word count (a keyword list has about one comma
 * per tag, prose far fewer).
 */
export function pasteNeedsConfirmation(text: string): boolean {
  if (LINK.test(text)) return true;
  const words = text.split(/\s+/).filter(Boolean).length;
  const commas = text.split(',').length - 1;
  return words > LONG_PASTE_WORDS && commas < words / 2;
}

/**
 * The tags used to bold and highlight keywords in slide text: those of at least
 * {@link KEYWORD_HIGHLIGHT_MIN_LENGTH} characters (spec 001 §5), in input order.
 */
export function highlightKeywords(input: string): string[] {
  return splitKeywords(input).filter((tag) => Array.from(tag).length >= KEYWORD_HIGHLIGHT_MIN_LENGTH);
}

/**
 * Example keywords for the keyword field's placeholder and 'try one' chips: 50 distinct topics a
 * video maker might start from, several with the given year.
 */
export function exampleKeywords(year: number): string[] {
  return [
    `best laptops ${year}`,
    `best smartphones ${year}`,
    `tech news ${year}`,
    'artificial intelligence tools',
    'how to build a gaming pc',
    'smart home gadgets',
    'electric cars',
    `best budget cameras ${year}`,
    'cheap travel destinations',
    `travel trends ${year}`,
    'things to do in paris',
    'backpacking southeast asia',
    'road trip tips',
    'packing tips for travel',
    'healthy breakfast ideas',
    'easy dinner recipes',
    'vegan recipes',
    'meal prep for beginners',
    'baking bread at home',
    'home workouts',
    'weight loss tips',
    'benefits of yoga',
    'better sleep habits',
    'mental health tips',
    'how to save money',
    'personal finance for beginners',
    `stock market outlook ${year}`,
    'passive income ideas',
    'how to invest in index funds',
    `tax tips ${year}`,
    'side hustle ideas',
    'how to start a small business',
    'digital marketing tips',
    'social media marketing',
    `seo trends ${year}`,
    'productivity hacks',
    'remote work tips',
    'job interview tips',
    'learn a new language',
    'study tips for students',
    'parenting tips',
    'dog training tips',
    'indoor plants care',
    'home decor ideas',
    'diy home improvement',
    'gardening for beginners',
    `movies to watch ${year}`,
    'best books of all time',
    `fashion trends ${year}`,
    'skin care routine',
  ];
}
