import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** A product list. `ownerId` is the auth service's user id (a string: ids cross services). */
const productListSchema = new Schema(
  {
    ownerId: { type: String, required: true },
    name: { type: String, required: true },
    /**
     * Set (to the owner's id) on the list created automatically for a person with none: the
     * unique index makes two concurrent first calls create one default list, not two.
     */
    defaultFor: { type: String },
  },
  { timestamps: true },
);
productListSchema.index({ ownerId: 1, createdAt: 1 });
productListSchema.index({ defaultFor: 1 }, { unique: true, partialFilterExpression: { defaultFor: { $type: 'string' } } });

/**
 * People whose data was erased (account deleted). Only the id, which is no personal data: it
 * stops a request still in flight from recreating a default list after the erasure.
 */
const erasedUserSchema = new Schema({
  _id: { type: String, required: true },
  erasedAt: { type: Date, required: true },
});

export type ProductListDoc = InferSchemaType<typeof productListSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};

export const ProductList = mongoose.model('ProductList', productListSchema);
export const ErasedUser = mongoose.model('ErasedUser', erasedUserSchema);
