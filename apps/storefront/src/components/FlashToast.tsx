import { useEffect } from 'react';
import { takeFlash } from '../lib/flash';
import { toast } from '../lib/toast';

/** Shows, once, a message the admin console left for the page it opened (see lib/flash.ts). */
export function FlashToast() {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast[flash.type](flash.message);
  }, []);
  return null;
}
