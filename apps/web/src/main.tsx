import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureSignIn } from '@/features/auth/capture-url-token';
import { App } from '@/app/app';
import './index.css';

// Before anything renders: a sign-in handed back by Steam is wiped from the address bar and traded
// for the session, so the page starts signed in and nothing secret stays in history or a screenshot.
await captureSignIn();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for one long task: a slow phone keeps answering taps while the page builds.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
