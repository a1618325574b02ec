import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The static skeleton in index.html is already on screen, so nothing is urgent: as a
// transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (Lighthouse counts such long tasks as blocking time).
// React replaces the static skeleton when it commits, with the same skeleton at first.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
