import { MemoryCollection, isDuplicateKeyError, type DeepReadonly, type PersistenceOptions } from '@kadr/documents';
import { outboxStatsOf, type OutboxStats } from '@kadr/outbox';
import type { ChargebackOutcome, Order, OrderChargeback } from '../../domain/orders/order';
import type { OrderRepository, OrderTransition, PendingOrderEvents } from './order.repository';

const isUnsettled = (o: DeepReadonly<Order>): boolean => o.status === 'refunded' && o.chargeback?.settledAt === null;
const byMarkedAt = (a: DeepReadonly<Order>, b: DeepReadonly<Order>): number =>
  (a.chargeback?.markedAt.getTime() ?? 0) - (b.chargeback?.markedAt.getTime() ?? 0);

export class MemoryOrderRepository implements OrderRepository {
  private constructor(private readonly orders: MemoryCollection<Order>) {}

  static async create(persistence: PersistenceOptions = {}): Promise<MemoryOrderRepository> {
    return new MemoryOrderRepository(
      await MemoryCollection.open<Order>({
        name: 'commerce-orders',
        unique: [['userId', 'idempotencyKey']],
        ...persistence,
      }),
    );
  }

  async create(order: Order): Promise<{ order: Order; created: boolean }> {
    try {
      return { order: await this.orders.insertOne(order), created: true };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const existing = await this.orders.findOne(
        (o) => o.userId === order.userId && o.idempotencyKey === order.idempotencyKey,
      );
      if (!existing) throw err;
      return { order: existing, created: false };
    }
  }

  get(orderId: string): Promise<Order | null> {
    return this.orders.findById(orderId);
  }

  attachPayment(
    orderId: string,
    payment: { paymentUrl: string; providerTransactionId: string | null; providerTitle: string | null },
  ): Promise<Order | null> {
    return this.orders.updateOne(
      orderId,
      (o) => o.status === 'pending',
      (o) => {
        Object.assign(o, payment);
        o.updatedAt = new Date();
      },
    );
  }

  transition(orderId: string, transition: OrderTransition): Promise<Order | null> {
    return this.orders.updateOne(
      orderId,
      (o) => o.status === 'pending',
      (o) => {
        o.status = transition.to;
        o.updatedAt = transition.at;
        if (transition.to === 'paid') o.paidAt = transition.at;
        if (transition.providerTitle !== undefined) o.providerTitle = transition.providerTitle;
        if (transition.event) o.outbox.push(transition.event);
      },
    );
  }

  async listForUser(userId: string, { skip, take }: { skip: number; take: number }) {
    const mine = (o: Pick<Order, 'userId'>) => o.userId === userId;
    const [items, total] = await Promise.all([
      this.orders.find(mine, { sort: { createdAt: -1, id: -1 }, skip, limit: take }),
      this.orders.count(mine),
    ]);
    return { items, total };
  }

  listPendingCreatedBefore(before: Date, limit: number): Promise<Order[]> {
    return this.orders.find((o) => o.status === 'pending' && o.createdAt < before, {
      sort: { createdAt: 1 },
      limit,
    });
  }

  chargeBack(orderId: string, chargeback: OrderChargeback): Promise<Order | null> {
    return this.orders.updateOne(
      orderId,
      (o) => o.status === 'paid',
      (o) => {
        o.status = 'refunded';
        o.chargeback = chargeback;
        o.updatedAt = chargeback.markedAt;
      },
    );
  }

  settleChargeback(orderId: string, outcome: ChargebackOutcome): Promise<Order | null> {
    return this.orders.updateOne(orderId, isUnsettled, (o) => {
      Object.assign(o.chargeback!, outcome);
      o.updatedAt = outcome.settledAt;
    });
  }

  listUnsettledChargebacks(limit: number): Promise<Order[]> {
    return this.orders.find(isUnsettled, { sort: byMarkedAt, limit });
  }

  async unsettledChargebackStats(): Promise<OutboxStats> {
    const waiting = await this.orders.find(isUnsettled);
    return outboxStatsOf(waiting.map((o) => o.chargeback!.markedAt));
  }

  async takeOutbox(limit: number): Promise<PendingOrderEvents[]> {
    const orders = await this.orders.find((o) => o.outbox.length > 0, { limit });
    return orders.map((o) => ({ orderId: o.id, events: o.outbox }));
  }

  async removeFromOutbox(orderId: string, eventIds: readonly string[]): Promise<void> {
    await this.orders.updateOne(orderId, null, (o) => {
      o.outbox = o.outbox.filter((e) => !eventIds.includes(e.id));
    });
  }

  async outboxStats(): Promise<OutboxStats> {
    const orders = await this.orders.find((o) => o.outbox.length > 0);
    return outboxStatsOf(orders.flatMap((o) => o.outbox.map((event) => event.createdAt)));
  }

  deleteByUser(userId: string): Promise<number> {
    return this.orders.deleteMany((o) => o.userId === userId);
  }

  close(): Promise<void> {
    return this.orders.close();
  }
}
