import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentMessages, AgentTemplateCreateRequest, AgentTemplateListQuery, AgentTemplateView } from '@library/contracts';
import { Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AgentTemplateEntity } from './agent-template.entity';
import type { Page } from './agents.service';
import { isUniqueViolation, likePattern, toTemplateView } from './views';

const ORDER_COLUMNS = {
  name: 'lower(template.name)',
  createdAt: 'template.created_at',
  downloadCount: 'template.download_count',
} as const;

/**
 * The library's agent templates: every signed-in user reads them; SUPER_ADMIN and ADMIN add them, SUPER_ADMIN
 * deletes them. Names are unique regardless of case. downloadCount is kept by installs (the agent-installer service).
 */
@Injectable()
export class TemplatesService {
  constructor(@InjectRepository(AgentTemplateEntity) private readonly templates: Repository<AgentTemplateEntity>) {}

  async list(query: AgentTemplateListQuery): Promise<Page<AgentTemplateView>> {
    const builder = this.templates.createQueryBuilder('template');
    if (query.search) {
      builder.where(`(template.name ILIKE :pattern OR template.description ILIKE :pattern OR template.tags::text ILIKE :pattern)`, {
        pattern: likePattern(query.search),
      });
    }
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const [templates, total] = await builder
      .orderBy(ORDER_COLUMNS[query.orderBy], direction)
      .addOrderBy('template.id', direction)
      .skip(query.from)
      .take(query.size)
      .getManyAndCount();
    return { items: templates.map(toTemplateView), total, from: query.from, size: query.size };
  }

  async get(id: string): Promise<AgentTemplateView> {
    const template = await this.templates.findOneBy({ id });
    if (!template) throw new DomainError('NOT_FOUND', AgentMessages.templateNotFound);
    return toTemplateView(template);
  }

  async create(principal: UserPrincipal, body: AgentTemplateCreateRequest): Promise<AgentTemplateView> {
    const template = this.templates.create({ ...body, createdById: principal.userId, downloadCount: 0 });
    const saved = await this.templates.save(template).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new DomainError('CONFLICT', AgentMessages.templateNameTaken);
      throw error;
    });
    return toTemplateView(saved);
  }

  async remove(id: string): Promise<void> {
    const result = await this.templates.delete({ id });
    if (!result.affected) throw new DomainError('NOT_FOUND', AgentMessages.templateNotFound);
  }
}
