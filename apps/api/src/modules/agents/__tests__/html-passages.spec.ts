import { blocksToPassages, decodeEntities, htmlToBlocks, rankPassages, splitLong } from '../html-passages';

describe('html to passages', () => {
  it('strips scripts, styles, comments and tags, breaking at block elements', () => {
    const html = `<html><head><title>T</title><script>if (a < b) {}</script><style>p{}</style></head>
      <body><p>One <b>bold</b> &amp; <a href="x" title="a > b">link</a></p><!-- gone --><div>Two&nbsp;&#8212;&#x21;</div>
      <svg><text>drawn</text></svg><p>a &lt; b < c</p></body></html>`;
    expect(htmlToBlocks(html)).toEqual(['One bold & link', 'Two —!', 'a < b < c']);
    expect(decodeEntities('&unknown; &copy &#0;')).toBe('&unknown; © \uFFFD');
  });

  it('splits long blocks at sentence ends and merges short ones', () => {
    const sentence = 'This sentence is exactly forty-five chars. ';
    const pieces = splitLong(sentence.repeat(30).trim(), 500);
    expect(pieces.every((piece) => piece.length <= 500 && piece.endsWith('chars.'))).toBe(true);
    expect(blocksToPassages(['Heading', 'A paragraph.', 'x'.repeat(480)])).toEqual(['Heading A paragraph.', 'x'.repeat(480)]);
  });

  it('ranks by BM25 of the question, ties in page order', () => {
    const ranked = rankPassages(['cats and dogs', 'the price of dogs', 'nothing here', 'prices rise'], 'What is the price?', 4);
    expect(ranked.map((passage) => passage.index)).toEqual([3, 1, 0, 2]); // the shorter passage first; 'prices' counts as 'price'
    expect(ranked[2].score).toBe(0);
  });
});
