// The site's tokens, base and mark first, then the console's own styles.
import '@/styles/tokens.css';
import '@/styles/base.css';
import '@/components/logo.css';
// The console's own frame and shared styles, in this order, before any screen's.
import './shell/console-shell.css';
import './common/styles/page.css';
import './common/styles/tables.css';
import './common/styles/forms.css';
import './common/styles/cards.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@lumenfield/page-kit';
import { ConsoleApp } from './shell/console-app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ConsoleApp />
    </BrowserRouter>
  </StrictMode>,
);
