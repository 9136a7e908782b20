import type { CategorySummary, ProductSummary } from '@souk/domain/catalog';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, SEARCH_SUGGESTION_CATEGORIES } from '@souk/domain/limits';
import { categoryPathFromName, foldText } from '@souk/domain/text';
import { useEffect, useState } from 'react';
import { browserApi } from '~/lib/api.client';

export type Suggestions = { products: ProductSummary[]; categories: CategorySummary[] };
const EMPTY: Suggestions = { products: [], categories: [] };

// Fetched once per page load and matched locally; a failure is retried next time.
let categoriesPromise: Promise<CategorySummary[]> | null = null;
export function loadSearchCategories(): Promise<CategorySummary[]> {
  // Subcategories join the pool after their parents: 'crème' should find 'Crèmes' too.
  categoriesPromise ??= browserApi.get('/categories').then((result) => {
    if (result.ok)
      return [...result.data.categories, ...result.data.categories.flatMap((c) => c.subcategories)];
    categoriesPromise = null;
    return [];
  });
  return categoriesPromise;
}

export function matchCategories(categories: CategorySummary[], query: string): CategorySummary[] {
  const needle = foldText(query);
  return categories
    .filter((c) => foldText(c.name).includes(needle) || foldText(c.description ?? '').includes(needle))
    .slice(0, SEARCH_SUGGESTION_CATEGORIES);
}

/**
 * The suggestion's link is the category name lowercased with hyphens for spaces. That is the slug for
 * plain names; for a name with accents or symbols it would be a dead link, so the slug is used then.
 */
export function categorySuggestionPath(category: Pick<CategorySummary, 'name' | 'slug'>): string {
  const fromName = categoryPathFromName(category.name);
  return `/catalog/${fromName === category.slug ? fromName : category.slug}`;
}

export const productStorageKey = (id: number) => `product:${id}`;

/** Warms the product page: its detail JSON is put in sessionStorage under `product:{id}` (best effort). */
export function prefetchProduct(id: number): void {
  void browserApi.get('/products/:id', { params: { id } }).then((result) => {
    if (!result.ok) return;
    try {
      sessionStorage.setItem(productStorageKey(id), JSON.stringify(result.data));
    } catch {
      // Storage full or disabled (private mode): the page loads it anyway.
    }
  });
}

/** Debounced suggestions for `query`; stale requests are aborted, failures show nothing. */
export function useSearchSuggestions(query: string): { suggestions: Suggestions; loading: boolean } {
  const [suggestions, setSuggestions] = useState<Suggestions>(EMPTY);
  const [loading, setLoading] = useState(false);
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed.length < SEARCH_MIN_CHARS) {
      setSuggestions(EMPTY);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(async () => {
      const [products, categories] = await Promise.all([
        browserApi
          .get('/search/suggestions', { query: { search: trimmed }, signal: controller.signal })
          .then((result) => (result.ok ? result.data.products : []))
          .catch(() => []),
        loadSearchCategories().then((all) => matchCategories(all, trimmed)),
      ]);
      if (controller.signal.aborted) return;
      setSuggestions({ products, categories });
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  return { suggestions, loading };
}
