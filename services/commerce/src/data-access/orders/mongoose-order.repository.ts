import { OUTBOX_ENTRY_FIELDS, type OutboxStats } from '@kadr/outbox';
import { Schema, type Connection, type Model } from 'mongoose';
import { arrayElementStats, isDuplicateKeyError, toDbTransientError } from '@kadr/documents';
import type { ChargebackOutcome, EncodedOutboxEvent, Order, OrderChargeback } from '../../domain/orders/order';
import type { OrderRepository, OrderTransition, PendingOrderEvents } from './order.repository';

interface OrderDocument extends Omit<Order, 'id'> {
  _id: string;
}

const outboxEventSchema = new Schema<EncodedOutboxEvent>(
  {
    ...OUTBOX_ENTRY_FIELDS,
  },
  { _id: false, id: false },
);

const chargebackSchema = new Schema<OrderChargeback>(
  {
    reason: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    markedBy: { type: String, required: true },
    markedAt: { type: Date, required: true },
    settledAt: { type: Date, default: null },
    takenCredits: { type: Number, default: null },
    shortfallCredits: { type: Number, default: null },
    planEndsAt: { type: Date, default: null },
  },
  { _id: false, id: false },
);

const orderSchema = new Schema<OrderDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    idempotencyKey: { type: String, required: true },
    kind: { type: String, required: true },
    packageId: { type: String, default: null },
    planId: { type: String, default: null },
    credits: { type: Number, required: true },
    amountMinor: { type: Number, required: true },
    currency: { type: String, required: true },
    provider: { type: String, required: true },
    status: { type: String, required: true },
    paymentUrl: { type: String, default: '' },
    providerTransactionId: { type: String, default: null },
    providerTitle: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    paidAt: { type: Date, default: null },
    outbox: { type: [outboxEventSchema], default: [] },
    chargeback: { type: chargebackSchema, default: undefined },
  },
  { collection: 'orders', versionKey: false, id: false, minimize: false },
);
// Same user + same Idempotency-Key → the same order, even when two requests race.
orderSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
orderSchema.index({ status: 1, createdAt: 1 });
// A user's order history (theirs and the administrator's list), newest first.
orderSchema.index({ userId: 1, createdAt: -1, _id: -1 });
/** A refunded order whose take-back is not recorded yet (found through the status index: refunded orders are few). */
const UNSETTLED_CHARGEBACK = { status: 'refunded', 'chargeback.settledAt': null } as const;

const toOrder = ({ _id, ...rest }: OrderDocument): Order => ({ id: _id, ...rest });

export class MongooseOrderRepository implements OrderRepository {
  private readonly orders: Model<OrderDocument>;

  constructor(connection: Connection) {
    this.orders = connection.models.Order ?? connection.model<OrderDocument>('Order', orderSchema);
  }

  async create(order: Order): Promise<{ order: Order; created: boolean }> {
    const { id, ...fields } = order;
    try {
      await this.orders.create({ _id: id, ...fields });
      return { order, created: true };
    } catch (err) {
      if (isDuplicateKeyError(err)) {
        const existing = await this.orders
          .findOne({ userId: order.userId, idempotencyKey: order.idempotencyKey })
          .lean<OrderDocument>()
          .catch((readErr: unknown) => {
            throw toDbTransientError(readErr, 'orders.create');
          });
        if (existing) return { order: toOrder(existing), created: false };
      }
      throw toDbTransientError(err, 'orders.create');
    }
  }

  async get(orderId: string): Promise<Order | null> {
    try {
      const doc = await this.orders.findById(orderId).lean<OrderDocument>();
      return doc ? toOrder(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, 'orders.get');
    }
  }

  attachPayment(
    orderId: string,
    payment: { paymentUrl: string; providerTransactionId: string | null; providerTitle: string | null },
  ): Promise<Order | null> {
    return this.update(
      'orders.attachPayment',
      { _id: orderId, status: 'pending' },
      { $set: { ...payment, updatedAt: new Date() } },
    );
  }

  transition(orderId: string, transition: OrderTransition): Promise<Order | null> {
    return this.update(
      'orders.transition',
      { _id: orderId, status: 'pending' },
      {
        $set: {
          status: transition.to,
          updatedAt: transition.at,
          ...(transition.to === 'paid' ? { paidAt: transition.at } : {}),
          ...(transition.providerTitle === undefined ? {} : { providerTitle: transition.providerTitle }),
        },
        ...(transition.event ? { $push: { outbox: transition.event } } : {}),
      },
    );
  }

  async listForUser(userId: string, { skip, take }: { skip: number; take: number }) {
    try {
      const [docs, total] = await Promise.all([
        this.orders.find({ userId }).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(take).lean<OrderDocument[]>(),
        this.orders.countDocuments({ userId }),
      ]);
      return { items: docs.map(toOrder), total };
    } catch (err) {
      throw toDbTransientError(err, 'orders.listForUser');
    }
  }

  async listPendingCreatedBefore(before: Date, limit: number): Promise<Order[]> {
    try {
      const docs = await this.orders
        .find({ status: 'pending', createdAt: { $lt: before } })
        .sort({ createdAt: 1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toOrder);
    } catch (err) {
      throw toDbTransientError(err, 'orders.listPendingCreatedBefore');
    }
  }

  chargeBack(orderId: string, chargeback: OrderChargeback): Promise<Order | null> {
    return this.update(
      'orders.chargeBack',
      { _id: orderId, status: 'paid' },
      { $set: { status: 'refunded', chargeback, updatedAt: chargeback.markedAt } },
    );
  }

  settleChargeback(orderId: string, outcome: ChargebackOutcome): Promise<Order | null> {
    return this.update(
      'orders.settleChargeback',
      { _id: orderId, ...UNSETTLED_CHARGEBACK },
      {
        $set: {
          'chargeback.settledAt': outcome.settledAt,
          'chargeback.takenCredits': outcome.takenCredits,
          'chargeback.shortfallCredits': outcome.shortfallCredits,
          'chargeback.planEndsAt': outcome.planEndsAt,
          updatedAt: outcome.settledAt,
        },
      },
    );
  }

  async listUnsettledChargebacks(limit: number): Promise<Order[]> {
    try {
      const docs = await this.orders
        .find(UNSETTLED_CHARGEBACK)
        .sort({ 'chargeback.markedAt': 1 })
        .limit(limit)
        .lean<OrderDocument[]>();
      return docs.map(toOrder);
    } catch (err) {
      throw toDbTransientError(err, 'orders.listUnsettledChargebacks');
    }
  }

  async unsettledChargebackStats(): Promise<OutboxStats> {
    try {
      const [pending, oldest] = await Promise.all([
        this.orders.countDocuments(UNSETTLED_CHARGEBACK).exec(),
        this.orders
          .findOne(UNSETTLED_CHARGEBACK, { 'chargeback.markedAt': 1 })
          .sort({ 'chargeback.markedAt': 1 })
          .lean<Pick<OrderDocument, 'chargeback'>>(),
      ]);
      return { pending, oldestAt: oldest?.chargeback?.markedAt ?? null };
    } catch (err) {
      throw toDbTransientError(err, 'orders.unsettledChargebackStats');
    }
  }

  async takeOutbox(limit: number): Promise<PendingOrderEvents[]> {
    try {
      const docs = await this.orders
        .find({ 'outbox.0': { $exists: true } }, { outbox: 1 })
        .limit(limit)
        .lean<Array<Pick<OrderDocument, '_id' | 'outbox'>>>();
      return docs.map((d) => ({ orderId: d._id, events: d.outbox }));
    } catch (err) {
      throw toDbTransientError(err, 'orders.takeOutbox');
    }
  }

  async removeFromOutbox(orderId: string, eventIds: readonly string[]): Promise<void> {
    try {
      const published = (await this.get(orderId))?.outbox.filter((e) => eventIds.includes(e.id)) ?? [];
      if (published.length === 0) return;
      await this.orders.updateOne({ _id: orderId }, { $pullAll: { outbox: published } }).exec();
    } catch (err) {
      throw toDbTransientError(err, 'orders.removeFromOutbox');
    }
  }

  async outboxStats(): Promise<OutboxStats> {
    try {
      const { count, earliest } = await arrayElementStats(this.orders, 'outbox', 'createdAt');
      return { pending: count, oldestAt: earliest };
    } catch (err) {
      throw toDbTransientError(err, 'orders.outboxStats');
    }
  }

  async deleteByUser(userId: string): Promise<number> {
    try {
      return (await this.orders.deleteMany({ userId }).exec()).deletedCount;
    } catch (err) {
      throw toDbTransientError(err, 'orders.deleteByUser');
    }
  }

  private async update(
    operation: string,
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
  ): Promise<Order | null> {
    try {
      const doc = await this.orders
        .findOneAndUpdate(filter, update, { returnDocument: 'after' })
        .lean<OrderDocument>()
        .exec();
      return doc ? toOrder(doc) : null;
    } catch (err) {
      throw toDbTransientError(err, operation);
    }
  }
}
