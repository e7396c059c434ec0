import { bumpVersion, deriveBaseUrl, isPlayground, servingOf, versionToInt } from '../derived-rules';

describe('derived rules (spec 3)', () => {
  it.each([
    ['STEP', 'LEGACY_MULTI', 'JSON', 'MULTI'],
    ['STEP', 'LEGACY', 'JSON', 'SINGLE'],
    ['STEP_TEMPLATE', 'LEGACY', 'JSON', 'SINGLE'],
    ['STEP', 'EXTERNAL', 'STATIC', 'MULTI'],
    ['STEP_INPUT', 'EXTERNAL', 'STATIC', 'MULTI'],
    ['FLOW_TEMPLATE', 'LEGACY', 'STATIC', 'MULTI'],
    ['BOT_TEMPLATE', 'v2', 'STATIC', 'MULTI'],
  ] as const)('%s %s is served %s, %s', (type, schemaType, schemaServingType, schemaVersion) => {
    expect(servingOf(type, schemaType)).toEqual({ schemaServingType, schemaVersion });
  });

  it.each([
    [['USER'], true],
    [['USER', 'ACCOUNT'], false],
    [['USER', 'PDE'], false],
    [['ACCOUNT'], false],
    [[], false],
  ] as const)('levels %o are a playground: %s', (levels, expected) => {
    expect(isPlayground(levels)).toBe(expected);
  });

  it('builds baseUrl from the content base, folder, type, id and version (revisionId for playgrounds)', () => {
    const release = { type: 'STEP' as const, id: 'p1', version: '1.2.3', revisionId: 'r1' };
    expect(deriveBaseUrl('https://cdn.test/', 'packages', release, false)).toBe('https://cdn.test/packages/STEP/p1/1.2.3');
    expect(deriveBaseUrl('https://cdn.test', 'packages', release, true)).toBe('https://cdn.test/packages/STEP/p1/r1');
  });

  it('orders versions numerically', () => {
    expect(versionToInt('1.2.3')).toBe(1_000_002_000_003n);
    expect(versionToInt('1.10.0') > versionToInt('1.9.9')).toBe(true);
    expect(versionToInt('10.0.0') > versionToInt('9.999999.999999')).toBe(true);
  });

  it.each([
    [null, 'major', '1.0.0'],
    [null, 'minor', '0.1.0'],
    ['1.4.2', 'major', '2.0.0'],
    ['1.4.2', 'minor', '1.5.0'],
  ] as const)('bumps %s by %s to %s', (version, releaseType, expected) => {
    expect(bumpVersion(version, releaseType)).toBe(expected);
  });
});
