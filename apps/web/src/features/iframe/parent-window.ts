import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Messages the embedded library sends to the flow builder around it (spec 7). */
export type ParentMessage =
  | { type: 'TO_FULL_PATH'; fullPath: string }
  | {
      type:
        | 'DOWNLOADED_FLOW'
        | 'DOWNLOAD_FLOW_FAILED'
        | 'GET_CURRENT_FLOW_STEPS'
        | 'DOWNLOAD_EXTERNAL_STEP'
        | 'DOWNLOAD_CUSTOM_STEP'
        | 'DOWNLOAD_STEP'
        | 'DOWNLOADED_CARD'
        | 'DOWNLOAD_CARD_FAILED'
        | 'DOWNLOADED_VIEW'
        | 'DOWNLOAD_VIEW_FAILED';
      [key: string]: unknown;
    };

type WindowLike = Pick<Window, 'parent' | 'postMessage'>;

/** True when the page runs in a frame (window.parent !== window). */
export function isEmbedded(win: WindowLike = window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/** Posts to the parent window when embedded; returns whether a message was sent. */
export function postToParent(message: ParentMessage, win: WindowLike = window): boolean {
  if (!isEmbedded(win)) return false;
  win.parent.postMessage(message, '*');
  return true;
}

/** After each route change, tell the parent window the full path (spec 2). */
export function useFullPathReporting(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    postToParent({ type: 'TO_FULL_PATH', fullPath: `${pathname}${search}${hash}` });
  }, [pathname, search, hash]);
}
