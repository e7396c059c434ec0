import { Injectable } from '@nestjs/common';
import { HtmlToPassagesQuery, HtmlToPassagesResponse } from '@library/contracts';
import { htmlToPassages } from './html-passages';
import { PageFetcher } from './page-fetcher.service';

/** `web-search/html-to-passages`: a page fetched safely, cut into passages, the best ones for the question first. */
@Injectable()
export class WebSearchService {
  constructor(private readonly fetcher: PageFetcher) {}

  async htmlToPassages(query: HtmlToPassagesQuery): Promise<HtmlToPassagesResponse> {
    const page = await this.fetcher.fetch(query.url);
    const isHtml = !/^text\/plain/i.test(page.contentType.trim());
    return { url: page.url, question: query.question, passages: htmlToPassages(page.body, query.question, query.limit, isHtml) };
  }
}
