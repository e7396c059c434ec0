import { Module } from '@nestjs/common';
import { AGENT_INSTALL_KIND } from '@library/contracts';
import { AgentsModule } from '../agents/agents.module';
import { RunsModule } from '../runs/runs.module';
import { AgentInstallHandler } from './agent-install.handler';
import { InstallerController } from './installer.controller';
import { InstallerService } from './installer.service';

/** The `agent-installer` service (spec 7 "Installer gateway"): installs of agent templates as runs. docs/adr/0012. */
@Module({
  imports: [AgentsModule, RunsModule.forFeature([AGENT_INSTALL_KIND])],
  controllers: [InstallerController],
  providers: [InstallerService, AgentInstallHandler],
})
export class AgentInstallerModule {}
