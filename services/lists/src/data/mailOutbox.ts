// A collection of mails to send, one document each (an occasion's reminder, a price alert): each is
// claimed for a lease by one conditional update, so exactly one copy of the service sends it, and
// a copy that dies while sending leaves it to another once the lease has passed. Its opt-out links
// are kept as hashes of their tokens.
import type mongoose from 'mongoose';

/** What an outbox document holds for the sending (each collection adds its own fields). */
export interface OutboxFields {
  _id: mongoose.Types.ObjectId;
  state: string;
  attempts: number;
  nextAttemptAt: Date;
  tokenHashes: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any mongoose model of such documents
type OutboxModel = mongoose.Model<any>;

export interface MailOutbox<T extends OutboxFields> {
  /** Takes one mail due for sending, pushed `leaseMs` forward; null when none is due. */
  claim(now: Date, leaseMs: number): Promise<T | null>;
  /** Keeps the hash of an opt-out token of the mail, and the language it went in. */
  addTokenHash(id: mongoose.Types.ObjectId, tokenHash: string, lang: string): Promise<void>;
  /** Sent, or dropped (nobody to send it to, or too many failures): never claimed again. */
  mark(id: mongoose.Types.ObjectId, state: 'sent' | 'dropped', now: Date): Promise<void>;
  /** A failed sending: due again at `at`. */
  retryAt(id: mongoose.Types.ObjectId, at: Date): Promise<void>;
  /** The mail an opt-out link was sent in. */
  findByTokenHash(tokenHash: string): Promise<T | null>;
}

export function mailOutbox<T extends OutboxFields>(model: OutboxModel): MailOutbox<T> {
  return {
    async claim(now, leaseMs) {
      return (await model
        .findOneAndUpdate(
          { state: 'due', nextAttemptAt: { $lte: now } },
          { $set: { nextAttemptAt: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
          { returnDocument: 'after', sort: { nextAttemptAt: 1 } },
        )
        .lean()
        .exec()) as T | null;
    },
    async addTokenHash(id, tokenHash, lang) {
      await model.updateOne({ _id: id }, { $push: { tokenHashes: tokenHash }, $set: { lang } }).exec();
    },
    async mark(id, state, now) {
      await model.updateOne({ _id: id, state: 'due' }, { $set: { state, sentAt: state === 'sent' ? now : null } }).exec();
    },
    async retryAt(id, at) {
      await model.updateOne({ _id: id, state: 'due' }, { $set: { nextAttemptAt: at } }).exec();
    },
    async findByTokenHash(tokenHash) {
      return (await model.findOne({ tokenHashes: tokenHash }).lean().exec()) as T | null;
    },
  };
}
