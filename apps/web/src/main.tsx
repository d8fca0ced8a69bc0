import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureSignIn } from '@/features/auth/capture-url-token';
import { App } from '@/app/app';
import './index.css';

// Before anything renders: a sign-in handed back by Steam is wiped from the address bar and traded
// for the session, so the page starts signed in and nothing secret stays in history or a screenshot.
await captureSignIn();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
