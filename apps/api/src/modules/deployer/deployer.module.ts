import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DEPLOY_KIND } from '@library/contracts';
import { RunsModule } from '../runs/runs.module';
import { DeployHandler } from './deploy.handler';
import { DeployerController } from './deployer.controller';
import { DeployerService } from './deployer.service';
import { DeploymentEntity } from './deployment.entity';

/** The `deployer` service (spec 7): flow deploys as runs of the job engine, checks and undeploys. */
@Module({
  imports: [TypeOrmModule.forFeature([DeploymentEntity]), RunsModule.forFeature([DEPLOY_KIND])],
  controllers: [DeployerController],
  providers: [DeployerService, DeployHandler],
})
export class DeployerModule {}
