import { RenderSlots, WorkerBusyError } from './render-slots';

describe('RenderSlots', () => {
  it('hands a freed slot to the first waiting delivery, and gives it back when none waits', async () => {
    const slots = new RenderSlots(1, 1_000);
    expect(slots.tryTake()).toBe(true);
    expect(slots.tryTake()).toBe(false);
    const order: string[] = [];
    const first = slots.take().then(() => order.push('first'));
    const second = slots.take().then(() => order.push('second'));
    expect(slots.hasIdleSlot()).toBe(false);
    slots.giveBack(true);
    await first;
    slots.giveBack(true);
    await second;
    expect(order).toEqual(['first', 'second']);
    slots.giveBack(true);
    expect(slots.hasIdleSlot()).toBe(true);
  });

  it('refuses a delivery that waited too long with WorkerBusyError, and every waiting one at shutdown', async () => {
    const slots = new RenderSlots(1, 20);
    await slots.take();
    await expect(slots.take()).rejects.toBeInstanceOf(WorkerBusyError);
    const waiting = slots.take();
    slots.refuseWaiting(() => new Error('stopping'));
    await expect(waiting).rejects.toThrow('stopping');
    // Without handing over, a freed slot is given back even to a waiting delivery.
    const late = slots.take();
    slots.giveBack(false);
    expect(slots.tryTake()).toBe(true);
    slots.refuseWaiting(() => new Error('stopping'));
    await expect(late).rejects.toThrow('stopping');
  });
});
