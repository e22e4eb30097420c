// Test-only helpers (never imported by production code, not exported from `src/index.ts`):
// import them as `@wishlist/i18n/src/testing`.

/** Every path to a leaf ("a.b.0.c"), and the type of each node, so both trees can be compared. */
export function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}[array:${value.length}]`, ...value.flatMap((v, i) => shape(v, `${path}.${i}`))];
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  return [`${path}:${typeof value}`];
}

export function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, String(value)]];
}

const tags = (s: string) => (s.match(/<\/?[a-zA-Z]+>|\{\{\w+\}\}/g) ?? []).sort();

/**
 * Declares, inside the caller's `describe`, the checks every namespace's translations share: key
 * parity, no empty string, the same markup and placeholders, and French non-breaking spaces.
 */
export function itHasLocaleParity({ en, fr }: { en: unknown; fr: unknown }): void {
  it('has every English key in French and every French key in English', () => {
    const enShape = shape(en);
    const frShape = shape(fr);
    expect(enShape.filter((k) => !frShape.includes(k))).toEqual([]);
    expect(frShape.filter((k) => !enShape.includes(k))).toEqual([]);
  });

  it('has no empty string', () => {
    for (const tree of [en, fr]) expect(leaves(tree).filter(([, v]) => v.trim() === '')).toEqual([]);
  });

  it('keeps the same markup and placeholders in both languages', () => {
    const frLeaves = new Map(leaves(fr));
    const mismatches = leaves(en)
      .filter(([k, v]) => JSON.stringify(tags(v)) !== JSON.stringify(tags(frLeaves.get(k) ?? '')))
      .map(([k]) => k);
    expect(mismatches).toEqual([]);
  });

  it('uses non-breaking spaces before French high punctuation', () => {
    const bad = leaves(fr).filter(([, v]) => / [:;?!]/.test(v)).map(([k]) => k);
    expect(bad).toEqual([]);
  });
}
