/** Why the address cannot be fetched, or null (spec 001 §5: type url, required). */
export function urlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return "Enter the article's address.";
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // falls through
  }
  return 'Enter a full web address starting with http:// or https://';
}
