import { AgentAction, AgentMessages, AgentModel, ExecutionInput, ExecutionOutput } from '@library/contracts';
import { queryTerms, wordsOf } from './text-terms';

export interface RunnableAgent {
  name: string;
  objective: string;
  primer: string;
  actions: AgentAction[];
  model: AgentModel;
}

export type RunResult = { ok: true; output: ExecutionOutput } | { ok: false; error: string };

/**
 * A run without a model (docs/adr/0010-agents.md): the same agent and input always give the same output.
 * The action is the one the input names (a failure when the agent has none of that name), else the action whose
 * name, type and description share the most words with the message (first on ties), else none. The reply echoes
 * the message with the chosen action and the objective's first sentence.
 */
export function runAgent(agent: RunnableAgent, input: ExecutionInput): RunResult {
  const terms = queryTerms(input.message);
  let action: AgentAction | null = null;
  let matchedTerms: string[] = [];
  if (input.action !== undefined) {
    action = agent.actions.find((candidate) => candidate.name === input.action) ?? null;
    if (!action) return { ok: false, error: AgentMessages.actionNotDefined(input.action) };
    matchedTerms = overlap(terms, action);
  } else {
    for (const candidate of agent.actions) {
      const matched = overlap(terms, candidate);
      if (matched.length > matchedTerms.length) {
        action = candidate;
        matchedTerms = matched;
      }
    }
  }
  const objective = firstSentence(agent.objective);
  const message = input.message.trim();
  const reply = [
    `${agent.name} ${action ? `would use ${action.name} (${action.type})` : 'would answer directly'}`,
    objective ? ` to ${lowerFirst(objective)}` : '',
    message ? `: “${message}”` : '.',
  ].join('');
  return {
    ok: true,
    output: {
      action: action?.name ?? null,
      reply,
      model: { provider: agent.model.provider, modelName: agent.model.modelName },
      objective: agent.objective,
      primer: agent.primer,
      message: input.message,
      variables: input.variables,
      matchedTerms: matchedTerms.sort(),
    },
  };
}

function overlap(terms: string[], action: AgentAction): string[] {
  const words = new Set(wordsOf(`${action.name.replace(/[_.-]/g, ' ')} ${action.type} ${action.description}`));
  return terms.filter((term) => words.has(term));
}

function firstSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const end = /[.!?](\s|$)/.exec(trimmed);
  return (end ? trimmed.slice(0, end.index) : trimmed).slice(0, 200);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
