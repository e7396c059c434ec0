import { Controller, Headers, HttpCode, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  BotCopyRequest,
  BotIdParams,
  CardCopyRequest,
  CopyMessages,
  CopyStarted,
  FlowCopyRequest,
  FlowIdParams,
  IDEMPOTENCY_KEY_HEADER,
  StepCopyRequest,
  ViewCopyRequest,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { CopiesService } from './copies.service';

const idempotencyKeyOf = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (value.length < 1 || value.length > 200) throw new DomainError('BAD_REQUEST', CopyMessages.idempotencyKey);
  return value;
};

/**
 * The copies of spec 4 and 7 (Data hub): each starts a run and answers 202 `{ requestId }` at once; poll
 * `GET progress?requestId=` until 100. An `Idempotency-Key` header makes a repeated request answer the first one's id.
 */
@ApiTags('data-hub: copies')
@ApiBearerAuth()
@ApiHeader({ name: IDEMPOTENCY_KEY_HEADER, required: false, description: 'The same key (same kind and user) answers the same request id' })
@Controller()
export class CopiesController {
  constructor(private readonly copies: CopiesService) {}

  /** A library space template → a new space of the account with copies of its flows. 404 `Space not found`. */
  @Put('bots')
  @HttpCode(202)
  @Returns(CopyStarted, 202)
  copySpace(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZBody(BotCopyRequest) body: BotCopyRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.copies.copySpace(principal, body, idempotencyKeyOf(key));
  }

  /** A library flow template into a space of the account (`shouldUpdateSteps`: update an existing copy of it). */
  @Put('flows/:botId')
  @HttpCode(202)
  @Returns(CopyStarted, 202)
  copyFlow(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(BotIdParams) params: BotIdParams,
    @ZBody(FlowCopyRequest) body: FlowCopyRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.copies.copyFlow(principal, params.botId, body, idempotencyKeyOf(key));
  }

  /** A library step template (`stepId`) or a registry release (`externalStep: { id, version, type? }`) into a flow. */
  @Put('step-templates/:flowId')
  @HttpCode(202)
  @Returns(CopyStarted, 202)
  copyStep(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(FlowIdParams) params: z.infer<typeof FlowIdParams>,
    @ZBody(StepCopyRequest) body: StepCopyRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.copies.copyStep(principal, params.flowId, body, idempotencyKeyOf(key));
  }

  /** A library card template → a new card of the account (`viewId`: one of its views holds it). 404 `Card template not found`, `View not found`. */
  @Put('card-templates')
  @HttpCode(202)
  @Returns(CopyStarted, 202)
  copyCard(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZBody(CardCopyRequest) body: CardCopyRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.copies.copyCard(principal, body, idempotencyKeyOf(key));
  }

  /** A library view template → a new view of the account with copies of its cards, `options` over the template's. 404 `View template not found`. */
  @Put('view-templates')
  @HttpCode(202)
  @Returns(CopyStarted, 202)
  copyView(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZBody(ViewCopyRequest) body: ViewCopyRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) key?: string,
  ) {
    return this.copies.copyView(principal, body, idempotencyKeyOf(key));
  }
}
