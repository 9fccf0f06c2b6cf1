import { useEffect } from 'react';

/** Sets `document.title` (the title WeChat shows in its top bar) while `title` is known. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
