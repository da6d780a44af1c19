/** The store's fixed category list (label = path value). Images and colours live in the client. */
export const CATEGORIES = [
  { text: 'Organic veggies', path: 'Vegetables', bgColor: '#FEF6DA' },
  { text: 'Fresh Fruits', path: 'Fruits', bgColor: '#FEE0E0' },
  { text: 'Cold Drinks', path: 'Drinks', bgColor: '#F0F5DE' },
  { text: 'Instant Food', path: 'Instant', bgColor: '#E1F5EC' },
  { text: 'Dairy Products', path: 'Dairy', bgColor: '#FEE6CD' },
  { text: 'Bakery & Breads', path: 'Bakery', bgColor: '#E0F6FE' },
  { text: 'Grains & Cereals', path: 'Grains', bgColor: '#F1E3F9' },
] as const;

export type CategoryPath = (typeof CATEGORIES)[number]['path'];
export const CATEGORY_PATHS = CATEGORIES.map((c) => c.path) as [CategoryPath, ...CategoryPath[]];

/** Category routes match in lowercase (/products/vegetables). */
export function categoryFromSlug(slug: string): (typeof CATEGORIES)[number] | undefined {
  return CATEGORIES.find((c) => c.path.toLowerCase() === slug.toLowerCase());
}
