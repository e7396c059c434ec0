import { Messages, Role } from '@library/contracts';
import { DomainError } from '../../../common/errors/domain-error';
import { toFavorites } from '../favorites.service';
import { settingsLevelOf } from '../settings-level';

describe('settingsLevelOf (spec 6)', () => {
  it.each([
    ['SUPER_ADMIN', 'ACCOUNT'],
    ['ADMIN', 'ACCOUNT'],
    ['USER', 'USER'],
    ['GUEST', 'USER'],
  ] as const)('puts %s on %s level', (role, level) => {
    expect(settingsLevelOf(role)).toBe(level);
  });

  it.each(['UNAUTHORIZED', 'OWNER', ''])("refuses %p with 403 'Role is not valid'", (role) => {
    let thrown: unknown;
    try {
      settingsLevelOf(role as Role);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'ROLE_NOT_VALID', status: 403, message: Messages.roleNotValid });
    expect((thrown as Error).message).toBe('Role is not valid');
  });
});

describe('toFavorites', () => {
  const empty = { bots: [], flows: [], steps: [], cards: [], views: [] };

  it('gives empty lists for nothing stored or something malformed', () => {
    expect(toFavorites(null)).toEqual(empty);
    expect(toFavorites('favourites')).toEqual(empty);
    expect(toFavorites([1, 2])).toEqual(empty);
    expect(toFavorites({ bots: 'b1', flows: null })).toEqual(empty);
  });

  it('keeps the string ids of each kind, in order, and drops anything else', () => {
    expect(toFavorites({ bots: ['b2', 'b1', 3], steps: ['s1'], other: ['x'] })).toEqual({ ...empty, bots: ['b2', 'b1'], steps: ['s1'] });
  });
});
