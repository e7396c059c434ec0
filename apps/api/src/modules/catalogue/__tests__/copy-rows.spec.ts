import { FlowData } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { copyId, remapStepTemplates, stepDataOfRelease } from '../copy-rows';

describe('copy rows', () => {
  it('derives the same ids for the same run and template, others for another run', () => {
    const run = randomUUID();
    const template = randomUUID();
    expect(copyId(run, 'flow', template)).toBe(copyId(run, 'flow', template));
    expect(copyId(run, 'flow', template)).not.toBe(copyId(run, 'bot', template));
    expect(copyId(randomUUID(), 'flow', template)).not.toBe(copyId(run, 'flow', template));
    expect(copyId(run, 'step', template)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('moves step references to the copies and keeps the others and the wiring', () => {
    const [custom, library, copy] = [randomUUID(), randomUUID(), randomUUID()];
    const data = FlowData.parse({
      label: 'F',
      trees: [
        {
          id: 'main',
          steps: [
            { id: 's1', type: 'step', stepTemplateId: custom, exits: { next: 's2' } },
            { id: 's2', type: 'step', stepTemplateId: library },
            { id: 's3', type: 'note' },
          ],
        },
      ],
      stepTemplates: [library, custom],
    });
    const moved = remapStepTemplates(data, new Map([[custom, copy]]));
    expect(moved.trees[0].steps.map((step) => step.stepTemplateId)).toEqual([copy, library, undefined]);
    expect(moved.trees[0].steps[0].exits).toEqual({ next: 's2' });
    expect(moved.stepTemplates).toEqual([library, copy]);
    expect(data.stepTemplates).toEqual([library, custom]);
  });

  it('makes a step template of a release, keeping what fits when the rest does not', () => {
    const base = { label: 'Mailer', description: 'Sends', schemaType: 'LEGACY', meta: { icon: 'mail' }, categories: ['Messaging'] };
    expect(stepDataOfRelease({ ...base, version: '1.2.3', data: { template: '<p/>' } })).toMatchObject({
      label: 'Mailer',
      version: '1.2.3',
      icon: 'mail',
      template: '<p/>',
      categories: ['Messaging'],
      isExternal: false,
    });
    const odd = stepDataOfRelease({ ...base, schemaType: 'EXTERNAL', version: 'v2', data: null });
    expect(odd).toMatchObject({ label: 'Mailer', version: '0.0.1', isExternal: true });
  });
});
