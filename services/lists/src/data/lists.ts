import { ErasedUser, ProductList, type ProductListDoc } from './models';

/** The owner's lists in creation order (the first one is the default list, SPEC §4). */
export async function listsOfOwner(ownerId: string): Promise<ProductListDoc[]> {
  return (await ProductList.find({ ownerId }).sort({ createdAt: 1, _id: 1 }).lean().exec()) as ProductListDoc[];
}

/** Inserts the default list; false when another request inserted it first (duplicate marker). */
export async function insertDefaultList(ownerId: string, name: string): Promise<boolean> {
  await ProductList.init(); // the unique marker index must exist before the first insert
  try {
    await ProductList.create({ ownerId, name, defaultFor: ownerId });
    return true;
  } catch (err) {
    if ((err as { code?: number })?.code === 11000) return false;
    throw err;
  }
}

export async function deleteListsOfOwner(ownerId: string): Promise<number> {
  const r = await ProductList.deleteMany({ ownerId }).exec();
  return r.deletedCount ?? 0;
}

export async function isErased(userId: string): Promise<boolean> {
  return (await ErasedUser.exists({ _id: userId }).exec()) !== null;
}

export async function markErased(userId: string, at: Date): Promise<void> {
  await ErasedUser.updateOne({ _id: userId }, { $setOnInsert: { erasedAt: at } }, { upsert: true }).exec();
}
