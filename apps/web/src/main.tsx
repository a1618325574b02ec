import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createRouter } from './app/router.tsx';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The static skeleton in index.html is already on screen, so nothing is urgent: as a
// transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (Lighthouse counts such long tasks as blocking time).
// React replaces the static skeleton when it commits, with the same skeleton at first.
// The scripts' evaluation, the router's creation (it matches the URL and starts the page's
// download) and the first render each run in a task of their own, so none of them holds the
// thread for the sum of the three (Lighthouse's long tasks on /).
const root = createRoot(container);
setTimeout(() => {
  const router = createRouter();
  setTimeout(() => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    });
  });
});
