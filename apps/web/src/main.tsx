import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The loading image stays until the page has fully loaded (images and fonts included).
function hideBootLoader() {
  const loader = document.getElementById('boot-loader');
  if (!loader) return;
  loader.style.opacity = '0';
  setTimeout(() => loader.remove(), 300);
}
if (document.readyState === 'complete') hideBootLoader();
else window.addEventListener('load', hideBootLoader, { once: true });
