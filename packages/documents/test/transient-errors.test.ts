import mongoose from 'mongoose';
import { DbTransientError, DuplicateKeyError, isTransientDbError, toDbTransientError } from '../src';

const { mongo } = mongoose;

function serverError(fields: { code?: number; errorLabels?: string[] }): Error {
  return new mongo.MongoServerError({ message: 'server said no', ...fields });
}

describe('isTransientDbError', () => {
  it.each([
    ['MongoNetworkError', new mongo.MongoNetworkError('connection reset')],
    ['MongoNetworkTimeoutError', new mongo.MongoNetworkTimeoutError('timed out')],
    ['MongoNotConnectedError', new mongo.MongoNotConnectedError('not connected')],
    ['MongoTopologyClosedError', new mongo.MongoTopologyClosedError()],
    ['MongoClientClosedError', new mongo.MongoClientClosedError()],
    ['NotWritablePrimary (10107)', serverError({ code: 10107 })],
    ['InterruptedDueToReplStateChange (11602)', serverError({ code: 11602 })],
    ['RetryableWriteError label', serverError({ code: 1, errorLabels: ['RetryableWriteError'] })],
    ['TransientTransactionError label', serverError({ code: 1, errorLabels: ['TransientTransactionError'] })],
    [
      'mongoose buffering timeout',
      new mongoose.Error('Operation `accounts.findOne()` buffering timed out after 10000ms'),
    ],
    ['a force-closed mongoose connection', new mongoose.Error('Connection was force closed')],
    ['our own DbTransientError', new DbTransientError('down')],
    [
      'an error carrying the db_transient problem',
      Object.assign(new Error('x'), { problem: { status: 503, reason: 'db_transient' } }),
    ],
    ['a pool error by name', Object.assign(new Error('pool cleared'), { name: 'MongoPoolClearedError' })],
    ['a closed pool by name', Object.assign(new Error('pool closed'), { name: 'MongoPoolClosedError' })],
    ['a wrapped network error', new Error('repository failed', { cause: new mongo.MongoNetworkError('reset') })],
  ])('recognises %s', (_label, err) => {
    expect(isTransientDbError(err)).toBe(true);
  });

  it.each([
    ['a duplicate key from the server', serverError({ code: 11000 })],
    ['a duplicate key from the memory store', new DuplicateKeyError('accounts', { userId: 1 }, { userId: 'u' })],
    ['a validation error', new mongoose.Error.ValidationError()],
    ['a parse error (bad URI)', new mongo.MongoParseError('bad uri')],
    ['an unrelated mongoose error', new mongoose.Error('something else')],
    ['a plain error', new Error('bug')],
    ['a string', 'MongoNetworkError'],
    ['null', null],
    ['undefined', undefined],
  ])('does not treat %s as transient', (_label, err) => {
    expect(isTransientDbError(err)).toBe(false);
  });

  it('stops following a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isTransientDbError(a)).toBe(false);
  });
});

describe('toDbTransientError', () => {
  it('wraps a transient error with the 503 db_transient hint, keeping it as cause', () => {
    const cause = new mongo.MongoNetworkError('reset');
    const wrapped = toDbTransientError(cause, 'accounts.hold');
    expect(wrapped).toBeInstanceOf(DbTransientError);
    expect(wrapped).toMatchObject({
      name: 'DbTransientError',
      problem: { status: 503, reason: 'db_transient' },
      message: 'database temporarily unavailable (accounts.hold): reset',
      cause,
    });
  });

  it('returns other errors, and already wrapped ones, unchanged', () => {
    const duplicate = serverError({ code: 11000 });
    expect(toDbTransientError(duplicate)).toBe(duplicate);
    const wrapped = new DbTransientError('down');
    expect(toDbTransientError(wrapped)).toBe(wrapped);
  });
});
