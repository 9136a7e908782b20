/** Heading style shared by the account panels. */
export const sectionTitle = 'font-serif text-lg font-bold text-stone-900';
