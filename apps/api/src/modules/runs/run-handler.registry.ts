import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { RunHandlerMeta, RunHandlerMetadata, RunJobHandler } from './run-handler';
import { RunKindsDeclaration, runKindProblems } from './run-kinds';

export interface RegisteredHandler extends RunHandlerMetadata {
  name: string;
  instance: RunJobHandler<unknown, unknown>;
}

/**
 * The run kinds of the app and their handlers, found with Nest's DiscoveryService: classes marked
 * @RunHandler(kind), and kinds declared with RunsModule.forFeature([...]). Read once, on first use.
 */
@Injectable()
export class RunHandlerRegistry {
  private found?: { handlers: RegisteredHandler[]; declared: string[] };

  constructor(private readonly discovery: DiscoveryService) {}

  /** Every kind the app knows: declared or handled. */
  kinds(): Set<string> {
    const { handlers, declared } = this.discover();
    return new Set([...declared, ...handlers.map((handler) => handler.kind)]);
  }

  /** Refuses to start a run of a kind nobody declared: a typo would otherwise wait in a queue forever. */
  assertKnown(kind: string): void {
    if (!this.kinds().has(kind)) {
      throw new Error(
        `Unknown run kind "${kind}": declare it with RunsModule.forFeature(['${kind}']) and give it a @RunHandler('${kind}')`,
      );
    }
  }

  /** The boot check of the worker role: throws unless every kind has exactly one handler. */
  handlersByKind(): Map<string, RegisteredHandler> {
    const { handlers, declared } = this.discover();
    const problems = runKindProblems(declared, handlers);
    if (problems.length) throw new Error(`The job engine cannot start:\n  - ${problems.join('\n  - ')}`);
    return new Map(handlers.map((handler) => [handler.kind, handler]));
  }

  /** The handler of `kind`; throws when this process has none. */
  handlerFor(kind: string): RunJobHandler<unknown, unknown> {
    const handler = this.discover().handlers.find((candidate) => candidate.kind === kind);
    if (!handler) throw new Error(`No @RunHandler('${kind}') in this process`);
    return handler.instance;
  }

  private discover(): { handlers: RegisteredHandler[]; declared: string[] } {
    if (this.found) return this.found;
    const handlers = this.discovery.getProviders({ metadataKey: RunHandlerMeta.KEY }).map((wrapper): RegisteredHandler => {
      const metadata = this.discovery.getMetadataByDecorator(RunHandlerMeta, wrapper) as RunHandlerMetadata;
      const name = `${wrapper.metatype?.name ?? String(wrapper.name)} in ${wrapper.host?.name ?? 'unknown module'}`;
      const instance = wrapper.instance as RunJobHandler<unknown, unknown> | undefined;
      if (!wrapper.isDependencyTreeStatic() || typeof instance?.handle !== 'function') {
        throw new Error(`@RunHandler('${metadata.kind}') ${name} must be a singleton provider with a handle(context) method`);
      }
      return { ...metadata, name, instance };
    });
    const declared = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance)
      .filter((instance): instance is RunKindsDeclaration => instance instanceof RunKindsDeclaration)
      .flatMap((declaration) => declaration.kinds);
    this.found = { handlers, declared: [...new Set(declared)] };
    return this.found;
  }
}
