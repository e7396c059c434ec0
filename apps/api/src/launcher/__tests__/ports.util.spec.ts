import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { choosePort, isPortFree, parseRememberedPorts, readRememberedPorts, rememberPort } from '../ports.util';

const freeExcept =
  (...busy: number[]) =>
  async (port: number) =>
    !busy.includes(port);
const fallback = async () => 40000;

describe('choosePort', () => {
  it('keeps the remembered port when it is free', async () => {
    expect(await choosePort([6400, 6389], freeExcept(), fallback)).toBe(6400);
  });

  it('falls back to the default when the remembered port is taken', async () => {
    expect(await choosePort([6400, 6389], freeExcept(6400), fallback)).toBe(6389);
  });

  it('takes any free port when every candidate is taken', async () => {
    expect(await choosePort([6400, 6389], freeExcept(6400, 6389), fallback)).toBe(40000);
  });

  it('skips missing, invalid and repeated candidates', async () => {
    const asked: number[] = [];
    const isFree = async (port: number) => {
      asked.push(port);
      return false;
    };
    await choosePort([undefined, 0, 70000, 1.5, 6389, 6389], isFree, fallback);
    expect(asked).toEqual([6389]);
  });
});

describe('parseRememberedPorts', () => {
  it('reads the known services', () => {
    expect(parseRememberedPorts('{"postgres":54329,"redis":6389,"objectStore":4569}')).toEqual({
      postgres: 54329,
      redis: 6389,
      objectStore: 4569,
    });
  });

  it('ignores unknown keys, non-integers and broken files', () => {
    expect(parseRememberedPorts('{"postgres":"x","mysql":3306,"redis":6390}')).toEqual({ redis: 6390 });
    expect(parseRememberedPorts('not json')).toEqual({});
    expect(parseRememberedPorts('[1,2]')).toEqual({});
  });
});

describe('rememberPort', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'ports-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds to what other services remembered', () => {
    writeFileSync(join(dir, 'ports.json'), '{"postgres":54330}');
    rememberPort(dir, 'redis', 6390);
    expect(readRememberedPorts(dir)).toEqual({ postgres: 54330, redis: 6390 });
  });

  it('reads nothing from a directory without the file', () => {
    expect(readRememberedPorts(join(dir, 'missing'))).toEqual({});
  });
});

describe('isPortFree', () => {
  let server: Server;
  afterEach(() => new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve())));

  it('tells a bound port from a free one', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    expect(await isPortFree(port)).toBe(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await isPortFree(port)).toBe(true);
  });
});
