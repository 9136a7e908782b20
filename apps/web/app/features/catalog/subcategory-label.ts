/** A subcategory's name from its address, for a slug the shop does not know ('huiles-seches' → 'Huiles seches'). */
export const labelFromSlug = (slug: string) => {
  const words = slug.replace(/-+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slug;
};
