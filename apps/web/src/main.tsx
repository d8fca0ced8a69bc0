import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureTokenFromUrl } from '@/features/auth/capture-url-token';
import { App } from '@/app/app';
import './index.css';

// Before anything renders: a token handed back by the Steam sign-in must be stored and wiped from
// the address bar, so it never lands in history, bookmarks or a screenshot.
captureTokenFromUrl();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
