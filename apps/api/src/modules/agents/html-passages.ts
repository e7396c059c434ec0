import type { Passage } from '@library/contracts';
import { queryTerms, wordsOf } from './text-terms';

/**
 * From an HTML page to passages ranked by a question (docs/adr/0010-agents.md): a small tokenizer strips comments,
 * scripts, styles and tags, breaking text at block elements; blocks are split at ~500 characters on sentence
 * boundaries and short neighbours merged; passages are ranked with BM25 on lower-cased words, ties by page order.
 */

export const PASSAGE_MAX_CHARS = 500;
export const PASSAGE_MIN_CHARS = 150;

/** Elements whose content is never text of the page (raw text up to their end tag). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'noscript', 'template', 'iframe', 'xmp', 'noembed', 'noframes']);
/** Elements whose content is skipped though it holds tags (drawings, formulas, drop-down options). */
const SKIPPED = new Set(['svg', 'math', 'select']);
/** Elements that start or end a block of text. */
const BLOCK = new Set(
  (
    'address article aside blockquote body br caption center dd details dialog dir div dl dt fieldset figcaption figure footer form ' +
    'h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main menu nav ol p pre section summary table tbody td tfoot th thead tr ul'
  ).split(' '),
);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  divide: '÷',
  shy: '',
  zwj: '',
  zwnj: '',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    }
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Index just past the tag's `>`. */
  end: number;
}

const TAG_START = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)/y;

/** Reads the tag starting at `start` (a `<`), honouring quoted attribute values; null when it is not a tag. */
function readTag(html: string, start: number): Tag | null {
  TAG_START.lastIndex = start;
  const match = TAG_START.exec(html);
  if (!match) return null;
  let index = start + match[0].length;
  let quote: string | null = null;
  let expectingValue = false;
  for (; index < html.length; index++) {
    const character = html[index];
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '>') {
      break;
    } else if (character === '=') {
      expectingValue = true;
    } else if (expectingValue && (character === '"' || character === "'")) {
      quote = character;
      expectingValue = false;
    } else if (!/\s/.test(character)) {
      expectingValue = false;
    }
  }
  return {
    name: match[2].toLowerCase(),
    closing: match[1] === '/',
    selfClosing: html[index - 1] === '/',
    end: Math.min(index + 1, html.length),
  };
}

/** Index just past the end tag of a raw-text element, or the end of the page when it has none. */
function pastEndTag(html: string, name: string, from: number): number {
  const endTag = new RegExp(`</${name}[\\s/>]`, 'ig');
  endTag.lastIndex = from;
  const found = endTag.exec(html);
  if (!found) return html.length;
  const close = html.indexOf('>', found.index);
  return close === -1 ? html.length : close + 1;
}

/** The page's text, one string per block (whitespace collapsed, entities decoded, empty blocks dropped). */
export function htmlToBlocks(html: string): string[] {
  const blocks: string[] = [];
  let current = '';
  let skipDepth = 0;
  const flush = () => {
    const text = decodeEntities(current).replace(/\s+/g, ' ').trim();
    if (text) blocks.push(text);
    current = '';
  };

  let index = 0;
  while (index < html.length) {
    const open = html.indexOf('<', index);
    const textEnd = open === -1 ? html.length : open;
    if (!skipDepth) current += html.slice(index, textEnd);
    if (open === -1) break;

    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[open + 1] === '!' || html[open + 1] === '?') {
      // Doctype, CDATA, processing instructions.
      const end = html.indexOf('>', open);
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, open);
    if (!tag) {
      // A lone `<` (as in `a < b`) is text.
      if (!skipDepth) current += '<';
      index = open + 1;
      continue;
    }
    index = tag.end;
    if (RAW_TEXT.has(tag.name)) {
      if (!tag.closing && !tag.selfClosing) index = pastEndTag(html, tag.name, index);
      flush();
    } else if (SKIPPED.has(tag.name)) {
      if (!tag.selfClosing) skipDepth = Math.max(0, skipDepth + (tag.closing ? -1 : 1));
      flush();
    } else if (BLOCK.has(tag.name) && !skipDepth) {
      flush();
    }
  }
  flush();
  return blocks;
}

/** Splits a long text into pieces of at most `max` characters: at sentence ends, else at spaces, else anywhere. */
export function splitLong(text: string, max = PASSAGE_MAX_CHARS): string[] {
  const sentences = text.split(/(?<=[.!?…][”"’')\]]?)\s+/);
  const pieces: string[] = [];
  let current = '';
  const push = (piece: string) => {
    if (!current) current = piece;
    else if (current.length + 1 + piece.length <= max) current = `${current} ${piece}`;
    else {
      pieces.push(current);
      current = piece;
    }
  };
  for (const sentence of sentences) {
    if (sentence.length <= max) {
      push(sentence);
      continue;
    }
    for (const word of sentence.split(' ')) {
      for (let start = 0; start < word.length; start += max) push(word.slice(start, start + max));
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Passages of a page's blocks: long blocks split, a block shorter than `min` merged with the next while it fits. */
export function blocksToPassages(blocks: string[], max = PASSAGE_MAX_CHARS, min = PASSAGE_MIN_CHARS): string[] {
  const passages: string[] = [];
  let current = '';
  for (const piece of blocks.flatMap((block) => (block.length > max ? splitLong(block, max) : [block]))) {
    if (current && current.length < min && current.length + 1 + piece.length <= max) {
      current = `${current} ${piece}`;
    } else {
      if (current) passages.push(current);
      current = piece;
    }
  }
  if (current) passages.push(current);
  return passages;
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25 of each passage for the question's terms (stop words aside), rounded to 4 decimals; the best `limit` passages,
 * by score, ties in page order. `index` is the passage's position on the page.
 */
export function rankPassages(passages: string[], question: string, limit: number): Passage[] {
  const terms = queryTerms(question);
  const documents = passages.map((text) => wordsOf(text));
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / Math.max(1, documents.length) || 1;
  const frequencies = documents.map((words) => {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  });
  const idf = new Map(
    terms.map((term) => {
      const containing = frequencies.filter((counts) => counts.has(term)).length;
      return [term, Math.log(1 + (passages.length - containing + 0.5) / (containing + 0.5))];
    }),
  );
  const scored = passages.map((text, index) => {
    const length = documents[index].length;
    let score = 0;
    for (const term of terms) {
      const frequency = frequencies[index].get(term) ?? 0;
      if (!frequency) continue;
      score += (idf.get(term)! * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
    }
    return { text, score: Math.round(score * 10_000) / 10_000, index };
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
}

/** The whole algorithm: HTML (or plain text) to ranked passages. */
export function htmlToPassages(page: string, question: string, limit: number, isHtml = true): Passage[] {
  const blocks = isHtml
    ? htmlToBlocks(page)
    : page
        .split(/\n\s*\n/)
        .map((block) => block.replace(/\s+/g, ' ').trim())
        .filter(Boolean);
  return rankPassages(blocksToPassages(blocks), question, limit);
}
