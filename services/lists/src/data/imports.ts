import { atomically, Product, ProductList, randomListId, type ProductDoc, type ProductListDoc } from './models';
import { countOwnerProducts, type ProductValues } from './products';

/** A product of an imported file: the stored fields, and those the model may not declare yet. */
export type ImportedValues = ProductValues & { quantity: number; mostWanted: boolean; note: string };

export type ImportOutcome =
  | { list: ProductListDoc; products: ProductDoc[] }
  | { refused: 'too_many_lists' }
  | { refused: 'account_full'; room: number };

export interface ImportCaps {
  maxLists: number;
  maxPerAccount: number;
}

/**
 * Creates a list holding `products`, in their order, all or nothing: the list, every product and
 * the order are one transaction, so a failure (a cap reached, the database lost) leaves nothing.
 *
 * The caps are counted inside the transaction, which writes the owner's oldest list as
 * `insertProduct` does: an import and concurrent creations (or another import) of the same owner
 * then conflict, one is retried and counts the other's products.
 */
export function insertImportedList(ownerId: string, name: string, products: ImportedValues[], caps: ImportCaps): Promise<ImportOutcome> {
  return atomically(async (session) => {
    const lists = await ProductList.find({ ownerId }, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).session(session).lean().exec();
    if (lists.length >= caps.maxLists) return { refused: 'too_many_lists' as const };
    if (lists[0]) await ProductList.updateOne({ _id: lists[0]._id }, { $inc: { revision: 1 } }, { session }).exec();
    const held = await countOwnerProducts(ownerId, session);
    if (held + products.length > caps.maxPerAccount) return { refused: 'account_full' as const, room: Math.max(0, caps.maxPerAccount - held) };
    const listId = randomListId();
    // Documents of the model, so that every default it declares applies (fields other features
    // add and query on), built with `strict: false` so that a field it does not declare yet
    // (quantity, mostWanted, note) is kept as the file gave it instead of being dropped.
    const docs = products.map((p) => new Product({ ...p, listId, ownerId }, null, { strict: false }));
    if (docs.length > 0) await Product.insertMany(docs, { session });
    const [list] = await ProductList.create([{ _id: listId, ownerId, name, productIds: docs.map((d) => d._id) }], { session });
    return { list: list.toObject() as ProductListDoc, products: docs.map((d) => d.toObject() as ProductDoc) };
  });
}
