import { isQueueName } from '../../infra/queue/queue-names';

export interface FoundHandler {
  kind: string;
  /** Class name (and module), for messages. */
  name: string;
}

/** Kinds a feature module starts runs of (RunsModule.forFeature); found by discovery. */
export class RunKindsDeclaration {
  constructor(readonly kinds: readonly string[]) {}
}

/**
 * The boot check of the worker role: every kind has exactly one handler, every declared kind has one, every
 * kind is a valid queue name. Returns the problems, one sentence each (empty when all is well).
 */
export function runKindProblems(declaredKinds: readonly string[], handlers: readonly FoundHandler[]): string[] {
  const problems: string[] = [];
  const byKind = new Map<string, string[]>();
  for (const handler of handlers) byKind.set(handler.kind, [...(byKind.get(handler.kind) ?? []), handler.name]);
  for (const kind of new Set([...declaredKinds, ...byKind.keys()])) {
    const names = byKind.get(kind) ?? [];
    if (!isQueueName(kind)) problems.push(`run kind "${kind}" is not a valid name (lowercase letters, digits and dashes)`);
    if (names.length === 0)
      problems.push(`run kind "${kind}" is declared (RunsModule.forFeature) but no @RunHandler('${kind}') handles it`);
    if (names.length > 1) problems.push(`run kind "${kind}" has ${names.length} handlers (${names.join(', ')}); it needs exactly one`);
  }
  return problems;
}
