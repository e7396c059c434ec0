import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AccountDeployCheckParams,
  DeleteRoleRequest,
  DeployCheck,
  DeployCheckParams,
  DeployerAccountParams,
  DeployRequest,
  DeployStarted,
  UndeployRequest,
  UndeployResult,
} from '@library/contracts';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { DeployerService } from './deployer.service';

/**
 * The `deployer` service (spec 7 "Deployer", 4 "Flow deploy"; docs/adr/0013). Routes with `/accounts/{accountId}`
 * act on that account: the caller's, or any for SUPER_ADMIN; others are 404. DELETE takes its fields from the
 * query or the body (the body wins).
 */
@ApiTags('deployer')
@ApiBearerAuth()
@Controller()
export class DeployerController {
  constructor(private readonly deployer: DeployerService) {}

  /** Starts a deploy run; the web app then polls the check every second, at most 100 times (spec 9). */
  @Post('flows/deploy')
  @HttpCode(200)
  @Returns(DeployStarted)
  deploy(@CurrentPrincipal() principal: UserPrincipal, @ZBody(DeployRequest) body: DeployRequest) {
    return this.deployer.deploy(principal, this.deployer.accountOf(principal), body);
  }

  @Get('flows/check/:flowId/:requestId')
  @Returns(DeployCheck)
  check(@CurrentPrincipal() principal: UserPrincipal, @ZParams(DeployCheckParams) params: DeployCheckParams) {
    return this.deployer.check(principal, this.deployer.accountOf(principal), params.flowId, params.requestId);
  }

  @Get('accounts/:accountId/flows/check/:flowId/:requestId')
  @Returns(DeployCheck)
  checkOfAccount(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountDeployCheckParams) params: AccountDeployCheckParams) {
    return this.deployer.check(principal, this.deployer.accountOf(principal, params.accountId), params.flowId, params.requestId);
  }

  @Delete('flows/deploy')
  @Returns(UndeployResult)
  undeploy(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZQuery(UndeployRequest) query: UndeployRequest,
    @ZBody(UndeployRequest) body: UndeployRequest,
  ) {
    return this.deployer.undeploy(principal, this.deployer.accountOf(principal), merged(query, body));
  }

  @Delete('accounts/:accountId/flows/deploy')
  @Returns(UndeployResult)
  undeployOfAccount(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(DeployerAccountParams) params: DeployerAccountParams,
    @ZQuery(UndeployRequest) query: UndeployRequest,
    @ZBody(UndeployRequest) body: UndeployRequest,
  ) {
    return this.deployer.undeploy(principal, this.deployer.accountOf(principal, params.accountId), merged(query, body));
  }

  /** Undeploys every live deployment made for the role in the caller's account (docs/adr/0013). */
  @Delete('role')
  @Returns(UndeployResult)
  removeRole(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZQuery(DeleteRoleRequest) query: DeleteRoleRequest,
    @ZBody(DeleteRoleRequest) body: DeleteRoleRequest,
  ) {
    return this.deployer.removeRole(principal, body.role ?? query.role);
  }
}

/** Query and body fields together; a field given in the body wins. */
function merged<T extends object>(query: T, body: T): T {
  const given = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return { ...query, ...given } as T;
}
