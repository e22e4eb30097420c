import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A person. `email` (normalised) is erased when the account is deleted; the document stays so
 * its id is never reused and the deletion stays idempotent.
 */
const userSchema = new Schema(
  {
    email: { type: String },
    lang: { type: String, enum: ['en', 'fr'], default: 'en', required: true },
    deletedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
// One live account per address; erased addresses are left out of the index.
userSchema.index({ email: 1 }, { unique: true, partialFilterExpression: { email: { $type: 'string' } } });
// The sign-in lookup by address: an engine that plans no partial index would scan every user
// through the unique one above, so this plain index serves the lookup whatever the planner does.
userSchema.index({ email: 1, _id: 1 });

/**
 * A device token: the bearer (SHA-256 only) that becomes usable once the e-mailed code
 * (SHA-256 only) is submitted. `name` is chosen by the client and is not a secret.
 */
const tokenSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    bearerHash: { type: String, required: true },
    codeHash: { type: String, required: true },
    codeExpiresAt: { type: Date, required: true },
    failedTries: { type: Number, default: 0, required: true },
    validatedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    /** Sliding expiry of a validated bearer (never past validation + the hard maximum lifetime). */
    expiresAt: { type: Date, required: true },
    /**
     * The reference the account page uses for this device: random, neither the bearer nor its
     * hash, so listing devices gives nothing that could be used as a credential.
     */
    deviceId: { type: String, default: null },
    /** Last introspection of the bearer, written at most once an hour. */
    lastSeenAt: { type: Date, default: null },
    /** Set (with `revokedAt`) when the person said from the e-mailed link that it was not them. */
    refusedAt: { type: Date, default: null },
    // What the page opened from the link shows before anyone approves: who asked, and when.
    requestedAt: { type: Date, default: null },
    deviceBrowser: { type: String, default: null },
    deviceOs: { type: String, default: null },
    timeZone: { type: String, default: null },
    /** Shown on the asking screen and on the approval page; not a secret. */
    matchCode: { type: String, default: null },
  },
  { timestamps: true },
);
tokenSchema.index({ bearerHash: 1 }, { unique: true });
tokenSchema.index({ name: 1 });
tokenSchema.index({ userId: 1 });
tokenSchema.index({ deviceId: 1 }, { unique: true, partialFilterExpression: { deviceId: { $type: 'string' } } });

/** "Tell service X to erase user Y": kept until X answered 2xx, retried meanwhile. */
const erasureSchema = new Schema(
  {
    userId: { type: String, required: true },
    target: { type: String, required: true },
    status: { type: String, enum: ['pending', 'done'], default: 'pending', required: true },
    attempts: { type: Number, default: 0, required: true },
    nextAttemptAt: { type: Date, required: true },
    lastError: { type: String, default: null },
    doneAt: { type: Date, default: null },
    /**
     * The deleted account's address (normal form), sent with the erasure so that the service can
     * erase what was given with it while signed out; removed once the erasure is done.
     */
    email: { type: String, default: null },
  },
  { timestamps: true },
);
erasureSchema.index({ userId: 1, target: 1 }, { unique: true });
erasureSchema.index({ status: 1, nextAttemptAt: 1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
export type TokenDoc = InferSchemaType<typeof tokenSchema> & { _id: mongoose.Types.ObjectId };
export type ErasureDoc = InferSchemaType<typeof erasureSchema> & { _id: mongoose.Types.ObjectId };

export const User = mongoose.model('User', userSchema);
export const Token = mongoose.model('Token', tokenSchema);
export const Erasure = mongoose.model('Erasure', erasureSchema);
