/** What is spoken of a slide's text: asterisks (the spec's emphasis marks) stripped and runs of white space collapsed (spec 001 §5). */
export function cleanSpeechText(text: string): string {
  return text.replaceAll('*', '').replace(/\s+/g, ' ').trim();
}
