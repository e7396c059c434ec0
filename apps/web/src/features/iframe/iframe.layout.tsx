import { Outlet } from 'react-router-dom';

/** The embeddable picker (/iframe/...): no header, the flow builder around it provides the frame. */
export function IframeLayout() {
  return (
    <main className="iframe-layout">
      <Outlet />
    </main>
  );
}
