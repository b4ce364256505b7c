import { useEffect } from 'react';

export const SHOP_NAME = 'Threadline';

/** Sets the page title and meta description (every page has both). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
