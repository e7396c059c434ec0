import { Clock, ProgressThrottle } from '../progress-throttle';

/** A clock moved by hand; timers fire when it passes them. */
class FakeClock implements Clock {
  time = 0;
  private timers: Array<{ at: number; callback: () => void; id: number }> = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  };
  async advance(ms: number) {
    this.time += ms;
    for (const timer of this.timers.filter((candidate) => candidate.at <= this.time)) {
      this.clearTimeout(timer.id);
      timer.callback();
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('ProgressThrottle', () => {
  let clock: FakeClock;
  let written: number[];
  let throttle: ProgressThrottle;
  beforeEach(() => {
    clock = new FakeClock();
    written = [];
    throttle = new ProgressThrottle(async (percent) => void written.push(percent), 100, undefined, clock);
  });

  it('writes the first value at once and the latest of an interval at its end', async () => {
    await throttle.report(10);
    await throttle.report(20);
    await throttle.report(30);
    expect(written).toEqual([10]);
    await clock.advance(100);
    expect(written).toEqual([10, 30]);
  });

  it('never writes a value that is not higher, and keeps 0–100', async () => {
    await throttle.report(50);
    await clock.advance(100);
    await throttle.report(40);
    await throttle.report(250);
    await clock.advance(100);
    expect(written).toEqual([50, 100]);
  });

  it('flush writes what waits; close drops it', async () => {
    await throttle.report(10);
    await throttle.report(60);
    await throttle.flush();
    expect(written).toEqual([10, 60]);
    await clock.advance(100);
    await throttle.report(70);
    await throttle.report(80);
    await throttle.close();
    await clock.advance(500);
    expect(written).toEqual([10, 60, 70]);
  });

  it('reports a failed write and writes again later', async () => {
    const errors: unknown[] = [];
    let fail = true;
    throttle = new ProgressThrottle(
      async (percent) => {
        if (fail) throw new Error('db away');
        written.push(percent);
      },
      100,
      (error) => errors.push(error),
      clock,
    );
    await throttle.report(10);
    expect(errors).toHaveLength(1);
    fail = false;
    await clock.advance(100);
    await throttle.report(10);
    expect(written).toEqual([10]);
  });
});
