/**
 * Words of a text as the agents service compares them: lower-cased runs of letters and digits, a plural `s` dropped
 * (`invoices` → `invoice`, not `address`), one-letter words and common English stop words left out.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my no not of on or ' +
    'our so than that the their them then there these they this to was we were what when where which who why will with would you your'
  ).split(' '),
);

export function normalizeWord(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Every word of the text, in order, repeats kept (for term frequencies). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 1 || /\d/.test(word)).map(normalizeWord);
}

/** The distinct words of a query, stop words left out unless nothing else is left. */
export function queryTerms(text: string): string[] {
  const words = [...new Set(wordsOf(text))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length ? meaningful : words;
}
