import { cyclesWithoutLoop, flowProblems, TemplateFacts, templateFacts } from '../flow-validation';

const next: TemplateFacts = { exits: ['next'], loop: false };

describe('flow validation (docs/adr/0013)', () => {
  it('finds only the cycles that pass no loop step', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['c']],
      ['e', ['e']],
      ['f', []],
    ]);
    expect(cyclesWithoutLoop(edges, new Set())).toEqual(expect.arrayContaining([['a', 'b'], ['c', 'd'], ['e']]));
    expect(cyclesWithoutLoop(edges, new Set(['c', 'e']))).toEqual([['a', 'b']]);
  });

  it('reads exits from formBuilder.stepExits, next when a stored template has none', () => {
    expect(templateFacts({})).toEqual({ exits: ['next'], loop: false });
    expect(templateFacts({ formBuilder: { stepExits: [] }, data: { loop: true } })).toEqual({ exits: [], loop: true });
  });

  it('accepts a wired flow ending in null exits and reports an empty one', () => {
    const trees = [
      {
        id: 'main',
        steps: [
          { id: 's1', type: 'step', stepTemplateId: 't', exits: { next: 's2' }, data: {} },
          { id: 's2', type: 'step', stepTemplateId: 't', exits: { next: null }, data: {} },
        ],
      },
    ];
    expect(flowProblems({ trees }, new Map([['t', next]]))).toEqual([]);
    expect(flowProblems({ trees: [] }, new Map()).map((problem) => problem.code)).toEqual(['no-steps']);
  });
});
