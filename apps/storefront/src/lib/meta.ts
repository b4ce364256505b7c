import { useEffect } from 'react';

export const SHOP_NAME = 'Threadline';

export interface PageMeta {
  /** The document's title, with the shop's name. */
  title: string;
  description: string;
  /** The page says its address is nothing (an unknown path or record): the server sends it with status 404. */
  notFound?: boolean;
}

/** The meta of the page last rendered without a document (the build's prerender, the API's server render). */
let renderedMeta: PageMeta | undefined;

/** The title and description the page just rendered asked for (then forgotten): its HTML file's head. */
export function takeRenderedMeta(): PageMeta | undefined {
  const meta = renderedMeta;
  renderedMeta = undefined;
  return meta;
}

function documentTitle(title: string): string {
  return title ? `${title} · ${SHOP_NAME}` : SHOP_NAME;
}

/**
 * Sets the page title and meta description (every page has both), also in the HTML the server sends; `notFound`
 * when the page says there is nothing at its address (the server then answers 404).
 */
export function usePageMeta(title: string, description: string, options: { notFound?: boolean } = {}): void {
  if (typeof document === 'undefined') renderedMeta = { title: documentTitle(title), description, ...(options.notFound ? { notFound: true } : {}) };
  useEffect(() => {
    document.title = documentTitle(title);
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description]);
}
