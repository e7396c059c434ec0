import { CardPutRequest, toKebabCase, ViewLoadingTimeout, ViewOptions, ViewOptionsChange } from '@library/contracts';
import { changedViewOptions } from '../views.service';

describe('view options normalisation (spec 5)', () => {
  it('kebab-cases class names, from a list or a string, dropping empties and repeats', () => {
    expect(toKebabCase('DarkMode')).toBe('dark-mode');
    expect(toKebabCase('wide_grid')).toBe('wide-grid');
    expect(toKebabCase('  Big  Screen ')).toBe('big-screen');
    expect(toKebabCase('HTMLPanel')).toBe('html-panel');
    expect(toKebabCase('already-kebab')).toBe('already-kebab');
    expect(ViewOptions.parse({ viewClasses: 'DarkMode, dark_mode  wideGrid' }).viewClasses).toEqual(['dark-mode', 'wide-grid']);
    expect(ViewOptions.parse({ viewClasses: ['A', '', '--'] }).viewClasses).toEqual(['a']);
    expect(ViewOptions.parse({}).viewClasses).toEqual([]);
    expect(ViewOptions.safeParse({ viewClasses: [1] }).success).toBe(false);
  });

  it('defaults the loading timeout to 10, clamps it to 1..60 and clears it when empty or not numeric', () => {
    const timeout = (value: unknown) => ViewLoadingTimeout.parse(value);
    expect(timeout(undefined)).toBe(10);
    expect(timeout(0)).toBe(1);
    expect(timeout(-5)).toBe(1);
    expect(timeout(61)).toBe(60);
    expect(timeout('30')).toBe(30);
    expect(timeout(12.6)).toBe(13);
    expect(timeout('')).toBeNull();
    expect(timeout('  ')).toBeNull();
    expect(timeout('soon')).toBeNull();
    expect(timeout(null)).toBeNull();
    expect(timeout(Number.NaN)).toBeNull();
  });

  it('fills the defaults of spec 3 and 9', () => {
    expect(ViewOptions.parse({})).toMatchObject({
      label: 'No Name',
      filterByTagIds: [],
      loadEntities: { bots: false, flows: false, tags: false, views: false },
      viewLoadingStatus: {
        timeout: 10,
        progressType: 'circular',
        errorOptionIds: ['reload-page'],
        slots: [],
        showProgress: true,
        flat: false,
      },
      filters: { dates: { rangeName: '30days', timezone: 'UTC', from: null, to: null } },
      navigationSection: null,
    });
    expect(ViewOptions.safeParse({ viewLoadingStatus: { progressType: 'spinner' } }).success).toBe(false);
    expect(ViewOptions.parse({ viewLoadingStatus: { slots: ['header', 'header'] } }).viewLoadingStatus.slots).toEqual(['header']);
  });

  it('changes options one by one, nested groups too, keeping a cleared timeout', () => {
    const stored = ViewOptions.parse({
      label: 'Board',
      viewLoadingStatus: { title: 'Loading', timeout: 20 },
      loadEntities: { tags: true },
    });
    const change = ViewOptionsChange.parse({ description: 'New', viewLoadingStatus: { timeout: 100 }, loadEntities: { bots: true } });
    const changed = changedViewOptions(stored, change);
    expect(changed).toMatchObject({ label: 'Board', description: 'New', loadEntities: { bots: true, tags: true } });
    expect(changed.viewLoadingStatus).toMatchObject({ title: 'Loading', timeout: 60 });
    const cleared = changedViewOptions(changed, ViewOptionsChange.parse({ viewLoadingStatus: { timeout: '' } }));
    expect(cleared.viewLoadingStatus.timeout).toBeNull();
    expect(changedViewOptions(cleared, ViewOptionsChange.parse({ label: 'x' })).viewLoadingStatus.timeout).toBeNull();
    expect(changedViewOptions(undefined, {}).viewLoadingStatus.timeout).toBe(10);
  });

  it('PUT cards/{id} takes keepTemplateDetails or holderIds, not both', () => {
    expect(CardPutRequest.safeParse({ keepTemplateDetails: false }).success).toBe(true);
    expect(CardPutRequest.safeParse({ holderIds: [] }).success).toBe(true);
    expect(CardPutRequest.safeParse({}).success).toBe(false);
    expect(CardPutRequest.safeParse({ keepTemplateDetails: true, holderIds: [] }).success).toBe(false);
  });
});
