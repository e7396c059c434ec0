import type { DeployProblem, FlowData } from '@library/contracts';

/** The parts of a step template a deploy looks at. */
export interface TemplateFacts {
  /** Exit ids the template declares (formBuilder.stepExits; `next` when it declares none). */
  exits: string[];
  /** A loop template (`data.loop === true`): cycles through its steps are allowed. */
  loop: boolean;
}

/** Step type of a loop step: cycles through it are how a flow repeats (docs/adr/0013). */
export const LOOP_STEP_TYPE = 'loop';

/** What a template stored in the database says (tolerating older rows without formBuilder). */
export function templateFacts(data: {
  formBuilder?: { stepExits?: Array<{ id: string }> };
  data?: Record<string, unknown>;
}): TemplateFacts {
  const declared = data.formBuilder?.stepExits;
  return {
    exits: declared === undefined ? ['next'] : declared.map((exit) => exit.id),
    loop: data.data?.loop === true,
  };
}

/**
 * The problems that keep a flow from being deployed, each naming its tree and step (docs/adr/0013):
 * - `no-steps`: the flow has no step at all;
 * - `missing-template`: a step without stepTemplateId, or one whose template is neither a library step template
 *   nor a step template of the account (`templates` holds those found);
 * - `unwired-exit`: an exit the template declares that the step does not wire (absent from `exits`); null wires the
 *   exit to the end of the flow;
 * - `unknown-target`: an exit leading to a step id that is not in the same tree;
 * - `cycle`: steps that can reach themselves without passing a loop step (type `loop`, or a template with
 *   `data.loop: true`); one problem per strongly connected group of such steps.
 */
export function flowProblems(flow: Pick<FlowData, 'trees'>, templates: ReadonlyMap<string, TemplateFacts>): DeployProblem[] {
  const problems: DeployProblem[] = [];
  const steps = flow.trees.flatMap((tree) => tree.steps);
  if (steps.length === 0) return [{ code: 'no-steps', message: 'The flow has no steps' }];

  for (const tree of flow.trees) {
    const ids = new Set(tree.steps.map((step) => step.id));
    const loops = new Set<string>();
    const edges = new Map<string, string[]>();
    for (const step of tree.steps) {
      const where = { treeId: tree.id, stepId: step.id };
      const template = step.stepTemplateId ? templates.get(step.stepTemplateId) : undefined;
      if (!template) {
        problems.push({
          code: 'missing-template',
          message: step.stepTemplateId
            ? `Step ${step.id} uses step template ${step.stepTemplateId}, which is not in the library or the account`
            : `Step ${step.id} has no step template`,
          ...where,
        });
      }
      if (step.type === LOOP_STEP_TYPE || template?.loop) loops.add(step.id);
      for (const exit of template?.exits ?? []) {
        if (!(exit in step.exits))
          problems.push({ code: 'unwired-exit', message: `Exit ${exit} of step ${step.id} is not wired`, ...where, exit });
      }
      const targets: string[] = [];
      for (const [exit, target] of Object.entries(step.exits)) {
        if (target === null) continue;
        if (!ids.has(target)) {
          problems.push({
            code: 'unknown-target',
            message: `Exit ${exit} of step ${step.id} leads to unknown step ${target}`,
            ...where,
            exit,
          });
        } else targets.push(target);
      }
      edges.set(step.id, targets);
    }
    for (const group of cyclesWithoutLoop(edges, loops)) {
      problems.push({
        code: 'cycle',
        message: `Steps ${group.join(', ')} form a cycle without a loop step`,
        treeId: tree.id,
        stepId: group[0],
        stepIds: group,
      });
    }
  }
  return problems;
}

/**
 * The strongly connected groups of the graph without its loop steps that hold a cycle (more than one step, or a
 * step leading to itself): exactly the cycles that pass no loop step. Tarjan's algorithm, iterative.
 */
export function cyclesWithoutLoop(edges: ReadonlyMap<string, string[]>, loops: ReadonlySet<string>): string[][] {
  const nodes = [...edges.keys()].filter((node) => !loops.has(node));
  const next = (node: string) => (edges.get(node) ?? []).filter((target) => !loops.has(target));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;

  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; targets: string[]; at: number }> = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: next(node), at: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at];
        frame.at += 1;
        if (!index.has(target)) open(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1 || next(frame.node).includes(frame.node)) groups.push(group.reverse());
      }
    }
  }
  return groups;
}
