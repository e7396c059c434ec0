import { readLibraryRoute } from '../library-route';

describe('readLibraryRoute', () => {
  it('takes the entity type from the first segment', () => {
    const route = readLibraryRoute({
      pathname: '/flows/favorites/42',
      search: '?query=mail&category=crm',
      params: { id: '42' },
      name: 'favoriteFlows',
    });

    expect(route).toMatchObject({ name: 'favoriteFlows', entityType: 'flows', embedded: false, id: '42', query: 'mail', category: 'crm' });
  });

  it('takes the second segment under /iframe and reads the picker query', () => {
    const route = readLibraryRoute({
      pathname: '/iframe/steps/custom',
      search: '?attachToTree=true&currentFlowId=f1&currentBotId=b1&recommendedCategories=crm,%20mail&ids=s1,s2,&group=Custom',
      params: {},
      name: 'iframeCustomSteps',
    });

    expect(route).toMatchObject({
      entityType: 'steps',
      embedded: true,
      attachToTree: true,
      currentFlowId: 'f1',
      currentBotId: 'b1',
      recommendedCategories: ['crm', 'mail'],
      ids: ['s1', 's2'],
      group: 'Custom',
    });
  });

  it('reads the bot id of the flow picker and defaults the rest', () => {
    const route = readLibraryRoute({ pathname: '/iframe/flows/b1/starters', search: '', params: { botId: 'b1' } });

    expect(route).toMatchObject({ entityType: 'flows', botId: 'b1', query: '', attachToTree: false, ids: [], recommendedCategories: [] });
  });
});
