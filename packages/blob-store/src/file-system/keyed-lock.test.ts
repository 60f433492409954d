import { KeyedLock } from './keyed-lock';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedLock', () => {
  it('runs sections for one key one at a time, in order, and different keys in parallel', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const section = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      lock.run('k', section('a')),
      lock.run('k', section('b')),
      lock.run('other', section('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log.indexOf('a end')).toBeLessThan(log.indexOf('b start'));
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'));
  });

  it('releases the key when a section fails', async () => {
    const lock = new KeyedLock();
    await expect(lock.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('k', () => Promise.resolve('after'))).resolves.toBe('after');
  });
});
