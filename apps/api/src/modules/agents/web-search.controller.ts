import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { HtmlToPassagesQuery, HtmlToPassagesResponse } from '@library/contracts';
import { Returns, ZQuery } from '../../common/validation/zod-params';
import { AgentsExceptionFilter } from './agents-exception.filter';
import { WebSearchService } from './web-search.service';

/** Web pages as passages for agents' knowledge (spec 7 `web-search/html-to-passages`). */
@ApiTags('agents: web search')
@ApiBearerAuth()
@UseFilters(AgentsExceptionFilter)
@Controller('web-search')
export class WebSearchController {
  constructor(private readonly webSearch: WebSearchService) {}

  /**
   * Fetches `url` (http/https, no private or loopback hosts, 10 s, 2 MB) and answers its passages ranked by `question`,
   * the best `limit` (5, at most 50). A page that cannot be fetched is a 400 saying why.
   */
  @Get('html-to-passages')
  @Returns(HtmlToPassagesResponse)
  htmlToPassages(@ZQuery(HtmlToPassagesQuery) query: HtmlToPassagesQuery) {
    return this.webSearch.htmlToPassages(query);
  }
}
