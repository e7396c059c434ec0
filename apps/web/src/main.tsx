import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppServicesProvider, createAppServices } from './app-services';
import { LoginOverlay } from './features/auth/login-overlay';
import { createAppRouter } from './router';
import './shared/ui/theme.css';

const services = createAppServices({
  sameOriginServices: import.meta.env.DEV || import.meta.env.VITE_SAME_ORIGIN_SERVICES === 'true',
});
const router = createAppRouter(services);

const container = document.getElementById('root');
if (!container) throw new Error('index.html needs a #root element');

createRoot(container).render(
  <StrictMode>
    <AppServicesProvider services={services}>
      <RouterProvider router={router} />
      <LoginOverlay router={router} />
    </AppServicesProvider>
  </StrictMode>,
);
