import { BoundedQueue } from './bounded-queue';

describe('BoundedQueue', () => {
  it('keeps at most its capacity, dropping the oldest', () => {
    const queue = new BoundedQueue<number>(100);
    for (let n = 1; n <= 150; n += 1) queue.push(n);
    expect(queue.size).toBe(100);
    expect(queue.peek()).toBe(51);
    expect(queue.toArray().at(-1)).toBe(150);
  });

  it('puts unsent items back in front, still within the capacity', () => {
    const queue = new BoundedQueue<string>(3);
    queue.push('c');
    queue.push('d');
    queue.returnToFront(['a', 'b']);
    expect(queue.toArray()).toEqual(['b', 'c', 'd']);
    expect(queue.shift()).toBe('b');
    queue.clear();
    expect(queue.size).toBe(0);
  });
});
