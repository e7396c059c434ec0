import { parseQuery, queryString, stringifyQuery, withQuery } from '../query-string';

describe('parseQuery', () => {
  it.each([
    ['', {}],
    ['?', {}],
    ['?query=flow&category=crm', { query: 'flow', category: 'crm' }],
    ['a[b]=1&a[c]=2', { a: { b: '1', c: '2' } }],
    ['a[b][c]=deep', { a: { b: { c: 'deep' } } }],
    ['list[]=x&list[]=y', { list: ['x', 'y'] }],
    ['list[0]=x&list[1]=y', { list: ['x', 'y'] }],
    ['tag=a&tag=b&tag=c', { tag: ['a', 'b', 'c'] }],
    ['items[0][id]=1&items[1][id]=2', { items: [{ id: '1' }, { id: '2' }] }],
    ['q=hello+world', { q: 'hello world' }],
    ['q=caf%C3%A9', { q: 'café' }],
    ['q=%E0%A4%A', { q: '%E0%A4%A' }],
    ['flag', { flag: '' }],
    ['redirectPath=/flows?query%3Dx%26category%3Dy', { redirectPath: '/flows?query=x&category=y' }],
    ['ids=1,2,3', { ids: '1,2,3' }],
  ])('parses %j', (search, expected) => {
    expect(parseQuery(search)).toEqual(expected);
  });
});

describe('stringifyQuery', () => {
  it.each([
    [{}, ''],
    [{ query: 'flow', empty: undefined, none: null }, 'query=flow'],
    [{ a: { b: 1, c: true } }, 'a[b]=1&a[c]=true'],
    [{ list: ['x', 'y'] }, 'list[0]=x&list[1]=y'],
    [{ redirectPath: '/flows/items/42' }, 'redirectPath=/flows/items/42'],
    [{ redirectPath: '/flows?query=x&category=y' }, 'redirectPath=/flows?query=x%26category=y'],
    [{ q: 'a b+c#d%' }, 'q=a%20b%2Bc%23d%25'],
    [{ ids: '1,2,3', text: 'café' }, 'ids=1,2,3&text=café'],
  ])('writes %j without encoding', (query, expected) => {
    expect(stringifyQuery(query)).toBe(expected);
  });

  it('round-trips nested structures', () => {
    const query = { filter: { category: ['crm', 'sales'], text: 'a&b=c' }, page: '2' };
    expect(parseQuery(stringifyQuery(query))).toEqual(query);
  });
});

describe('helpers', () => {
  it('adds a query to a path only when there is one', () => {
    expect(withQuery('/login', { redirectPath: '/flows' })).toBe('/login?redirectPath=/flows');
    expect(withQuery('/login', {})).toBe('/login');
  });

  it('reads the first string of a value', () => {
    expect(queryString('x')).toBe('x');
    expect(queryString(['x', 'y'])).toBe('x');
    expect(queryString({ a: 'x' })).toBeUndefined();
    expect(queryString(undefined)).toBeUndefined();
  });
});
