import { isEmbedded, type ParentMessage, postToParent } from '../parent-window';

function fakeFrame() {
  const received: unknown[] = [];
  const parent = { postMessage: (message: unknown) => received.push(message) } as unknown as Window;
  const frame = { parent, postMessage: () => undefined } as unknown as Window;
  return { frame, received };
}

describe('parent window messages', () => {
  it('posts TO_FULL_PATH to the parent when embedded', () => {
    const { frame, received } = fakeFrame();
    const message: ParentMessage = { type: 'TO_FULL_PATH', fullPath: '/iframe/steps?query=mail' };

    expect(isEmbedded(frame)).toBe(true);
    expect(postToParent(message, frame)).toBe(true);
    expect(received).toEqual([message]);
  });

  it('stays quiet in a top-level window', () => {
    const top = { postMessage: () => undefined } as unknown as Window & { parent: Window };
    top.parent = top;

    expect(isEmbedded(top)).toBe(false);
    expect(postToParent({ type: 'TO_FULL_PATH', fullPath: '/bots' }, top)).toBe(false);
  });
});
